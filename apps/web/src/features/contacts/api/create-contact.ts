import { contactEndpoints, type Contact, type CreateContactBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateContactViews } from './invalidate';

/** POST /api/contacts. */
export function createContact(body: CreateContactBody): Promise<Contact> {
  return callEndpoint(contactEndpoints.create, { body });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContact, onSuccess: () => invalidateContactViews(queryClient) });
}
