import { ContactListSchema, type ContactList } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-provider';
import { contactKeys } from './keys';

export { contactKeys } from './keys';

export function getContacts({ q, signal }: { q?: string; signal?: AbortSignal } = {}): Promise<ContactList> {
  return apiRequest(ContactListSchema, '/api/contacts', { query: { q: q || undefined }, signal });
}

export function contactsQueryOptions(q = '') {
  return queryOptions({ queryKey: contactKeys.list(q), queryFn: ({ signal }) => getContacts({ q, signal }), staleTime: 60_000 });
}

/**
 * GET /api/contacts: the caller's contacts ordered by name (the server sends up to 1000, enough for the
 * assignee pickers, which filter on the client). `q` asks the server to filter instead.
 */
export function useContacts({ q = '' }: { q?: string } = {}) {
  const { user } = useAuth();
  return useQuery({ ...contactsQueryOptions(q.trim()), enabled: Boolean(user) });
}
