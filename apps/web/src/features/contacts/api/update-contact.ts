import { contactEndpoints, type Contact, type UpdateContactBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';

export type UpdateContactInput = { id: string; body: UpdateContactBody };

/** PUT /api/contacts/:id (any subset of the fields). */
export function updateContact({ id, body }: UpdateContactInput): Promise<Contact> {
  return callEndpoint(contactEndpoints.update, { params: { id }, body });
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
