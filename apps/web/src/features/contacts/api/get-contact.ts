import { ContactSchema, type Contact } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-provider';
import { contactKeys } from './keys';

export function getContact(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Contact> {
  return apiRequest(ContactSchema, `/api/contacts/${encodeURIComponent(id)}`, { signal });
}

export function contactQueryOptions(id: string) {
  return queryOptions({ queryKey: contactKeys.detail(id), queryFn: ({ signal }) => getContact(id, { signal }) });
}

/** GET /api/contacts/:id (the /contacts/:contactId deep link). */
export function useContact(id: string | undefined) {
  const { user } = useAuth();
  return useQuery({ ...contactQueryOptions(id ?? ''), enabled: Boolean(user && id) });
}
