import { ContactSchema, type Contact, type CreateContactBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateContactViews } from './invalidate';

/** POST /api/contacts. */
export function createContact(body: CreateContactBody): Promise<Contact> {
  return apiRequest(ContactSchema, '/api/contacts', { method: 'POST', body });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContact, onSuccess: () => invalidateContactViews(queryClient) });
}
