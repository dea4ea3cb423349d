import { Alert, Container, Loader } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-client';

/**
 * The client side's one page shell (design.md §4): every page a client opens by a signed link — a quote, an invoice,
 * later the client hub and galleries — is laid out, loads, fails and counts a view the same way. The server's half is
 * apps/server/src/platform/client-links.ts (the link, its limits, what revokes it).
 */

/** What a client is told when a link's request fails: the server's own words, or that the network failed. */
export const clientPageMessage = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Could not reach the server. Check your connection and try again.');

/** The page's frame: one narrow column that fits a 390 px phone. */
export function ClientPage({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" px="sm" py="md">
      {children}
    </Container>
  );
}

/**
 * A client page's loading and refusal states around its content: a loader while the link is read, the server's reason
 * when it refuses (invalid, expired, revoked, rate-limited) under `unavailableTitle`, else the content.
 */
export function ClientPageBody<T>({ query, unavailableTitle, children }: { query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }; unavailableTitle: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loader m="xl" />;
  if (query.isError || query.data === undefined) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={unavailableTitle}>
          {clientPageMessage(query.error)}
        </Alert>
      </Container>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * What counts as a view: the page rendered in a person's browser, told once with the kind's POST …/viewed. The GET
 * that loaded the content marked nothing (message previews and mail scanners fetch links too). `isViewable` is when
 * the item's state can become viewed (a sent quote or invoice); `tell` sends the POST.
 */
export function useViewOnce(isViewable: boolean, tell: () => void): void {
  const told = useRef(false);
  useEffect(() => {
    if (!isViewable || told.current) return;
    told.current = true;
    tell();
  }, [isViewable, tell]);
}
