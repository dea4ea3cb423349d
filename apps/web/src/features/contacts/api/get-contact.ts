import { contactEndpoints, type Contact } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { contactKeys } from './keys';

export function getContact(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Contact> {
  return callEndpoint(contactEndpoints.get, { params: { id }, signal });
}

export function contactQueryOptions(id: string) {
  return queryOptions({ queryKey: contactKeys.detail(id), queryFn: ({ signal }) => getContact(id, { signal }) });
}

/** GET /api/contacts/:id (the /contacts/:contactId deep link). */
export function useContact(id: string | undefined) {
  const { user } = useAuth();
  return useQuery({ ...contactQueryOptions(id ?? ''), enabled: Boolean(user && id) });
}
