import { ContactSchema, type Contact, type UpdateContactBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';

export type UpdateContactInput = { id: string; body: UpdateContactBody };

/** PUT /api/contacts/:id (any subset of the fields). */
export function updateContact({ id, body }: UpdateContactInput): Promise<Contact> {
  return apiRequest(ContactSchema, `/api/contacts/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (saved) => {
      queryClient.setQueryData(contactKeys.detail(saved.id), saved);
      return invalidateContactViews(queryClient);
    },
  });
}
