import { CONTACTS_PAGE_SIZE, contactEndpoints, type ContactList } from '@fieldbook/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { contactKeys } from './keys';

export { contactKeys } from './keys';

export function getContacts({ q, offset, limit, notInGroup, signal }: { q?: string; offset?: number; limit?: number; notInGroup?: string | undefined; signal?: AbortSignal } = {}): Promise<ContactList> {
  return callEndpoint(contactEndpoints.list, { query: { q: q || undefined, offset: offset || undefined, limit, not_in_group: notInGroup }, signal });
}

export function contactsQueryOptions(q = '', notInGroup?: string) {
  return queryOptions({ queryKey: contactKeys.list(q, notInGroup), queryFn: ({ signal }) => getContacts({ q, notInGroup, signal }), staleTime: 60_000 });
}

/**
 * GET /api/contacts: the first page (50, by name) of the caller's contacts matching `q`, searched on the server —
 * what the pickers show. An owner may have thousands of contacts; nothing loads them all.
 */
export function useContacts({ q = '', enabled = true, notInGroup }: { q?: string; enabled?: boolean; notInGroup?: string | undefined } = {}) {
  const { user } = useAuth();
  return useQuery({ ...contactsQueryOptions(q.trim(), notInGroup), enabled: Boolean(user) && enabled, placeholderData: keepPreviousData });
}

export function contactPagesQueryOptions(q = '') {
  return infiniteQueryOptions({
    queryKey: contactKeys.pages(q),
    queryFn: ({ pageParam, signal }) => getContacts({ q, offset: pageParam, limit: CONTACTS_PAGE_SIZE, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.contacts.length, 0);
      return loaded < last.total && last.contacts.length > 0 ? loaded : undefined;
    },
    staleTime: 60_000,
  });
}

/** The contacts screen: pages of 50 matching `q` with the true total; `fetchNextPage` loads more. */
export function useContactPages({ q = '' }: { q?: string } = {}) {
  const { user } = useAuth();
  return useInfiniteQuery({ ...contactPagesQueryOptions(q.trim()), enabled: Boolean(user), placeholderData: keepPreviousData });
}
