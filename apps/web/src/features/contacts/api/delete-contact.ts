import { contactEndpoints } from '@fieldbook/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';

/** DELETE /api/contacts/:id. */
export function deleteContact(id: string): Promise<{ ok: true }> {
  return callEndpoint(contactEndpoints.remove, { params: { id } });
}

const deleteContactKey = [...contactKeys.all, 'delete'] as const;

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteContactKey,
    mutationFn: deleteContact,
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      return invalidateContactViews(queryClient);
    },
  });
}

/**
 * Ids of contacts deleted, or being deleted, in this session. /contacts/:id looks a contact up on its own when
 * the list lacks it; the list refetched during a delete lacks it while that URL is still open, and the lookup
 * would 404 ('Contact not found'). A delete counts from its start: the mutation turns 'success' only after
 * onSuccess's refetch.
 */
export function useDeletedContactIds(): string[] {
  const ids = useMutationState({
    filters: { mutationKey: deleteContactKey },
    select: (m) => (m.state.status === 'error' ? null : (m.state.variables as string)),
  });
  return ids.filter((id): id is string => id !== null);
}
