import { OkSchema } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';

/** DELETE /api/contacts/:id. */
export function deleteContact(id: string): Promise<{ ok: true }> {
  return apiRequest(OkSchema, `/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      return invalidateContactViews(queryClient);
    },
  });
}
