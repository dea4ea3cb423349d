import { contactEndpoints } from '@fieldbook/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { deleteOfflineRow, endpointRequest, isQueuedAnswer, sendOrQueue } from '../../../lib/offline/offline-queue';
import { isTempId } from '../../../lib/offline/write-queue';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';
import { applyOfflineContactDelete, cachedContact } from './offline-contacts';

/** DELETE /api/contacts/:id (with the offline queue's key when it may be sent twice). */
export function deleteContact(id: string, idempotencyKey?: string): Promise<{ ok: true }> {
  return callEndpoint(contactEndpoints.remove, { params: { id }, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

const deleteContactKey = [...contactKeys.all, 'delete'] as const;

/**
 * Deletes a contact; without a network it waits in the offline queue (issue 26) and the contact leaves the lists at
 * once. A contact made offline and not sent yet is never sent: its queued creation (and its edits) are dropped; one
 * whose creation is being sent, or was sent while the lists still show its temporary id, is deleted on the server
 * after it (deleteOfflineRow).
 */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteContactKey,
    // Offline the mutation must still run: it queues (TanStack would otherwise pause it until the network returns).
    networkMode: 'always',
    mutationFn: async (id: string): Promise<{ ok: true }> => {
      const name = cachedContact(queryClient, id)?.name ?? '';
      const write = { label: `Delete contact: ${name}`.trim(), request: endpointRequest('contacts.remove', { params: { id } }) };
      if (isTempId(id)) {
        await deleteOfflineRow(id, write);
        applyOfflineContactDelete(queryClient, id);
        return { ok: true };
      }
      return sendOrQueue({
        write,
        send: (key) => deleteContact(id, key),
        queued: () => {
          applyOfflineContactDelete(queryClient, id);
          return { ok: true as const };
        },
      });
    },
    onSuccess: (answer, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      // A queued delete: a refetch now would bring the contact back from the server until the queue is sent.
      if (isQueuedAnswer(answer) || isTempId(id)) return undefined;
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
