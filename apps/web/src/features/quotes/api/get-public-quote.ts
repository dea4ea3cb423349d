import { quoteEndpoints, type PublicQuote } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/public/quotes/:token — the homeowner's page, no session (the link is the permission). */
export function getPublicQuote(token: string, signal?: AbortSignal): Promise<PublicQuote> {
  return callEndpoint(quoteEndpoints.publicView, { params: { token }, signal });
}

/** Asked once: a refused link (expired, replaced, rate-limited) is shown, not retried; no refetch on focus. */
export const usePublicQuote = (token: string) =>
  useQuery({ queryKey: quoteKeys.public(token), queryFn: ({ signal }) => getPublicQuote(token, signal), retry: false, refetchOnWindowFocus: false });
