import { contactEndpoints, type Contact, type UpdateContactBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { endpointRequest, isQueuedAnswer, sendOrQueue } from '../../../lib/offline/offline-queue';
import { isTempId } from '../../../lib/offline/write-queue';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';
import { applyOfflineContactUpdate, cachedContact, patchedContact } from './offline-contacts';

export type UpdateContactInput = { id: string; body: UpdateContactBody };

/** PUT /api/contacts/:id (any subset of the fields). */
export function updateContact({ id, body }: UpdateContactInput, idempotencyKey?: string): Promise<Contact> {
  return callEndpoint(contactEndpoints.update, { params: { id }, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

/** Saves a contact's changes; without a network (or for a contact made offline) they wait in the offline queue. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: UpdateContactInput) => {
      const current = cachedContact(queryClient, input.id);
      const queued = () => {
        const contact = patchedContact(current ?? ({ id: input.id } as Contact), input.body);
        if (current) applyOfflineContactUpdate(queryClient, contact);
        return contact;
      };
      const write = { label: `Edit contact: ${current?.name ?? input.body.name ?? ''}`.trim(), request: endpointRequest('contacts.update', { params: { id: input.id }, body: input.body }) };
      // A contact made offline is not on the server yet: its edit waits behind its creation.
      if (isTempId(input.id)) return sendOrQueue({ write, send: () => Promise.reject(new Error('unreachable')), queued, forceQueue: true });
      return sendOrQueue({ write, send: (key) => updateContact(input, key), queued });
    },
    onSuccess: (saved) => {
      if (isQueuedAnswer(saved)) return undefined;
      queryClient.setQueryData(contactKeys.detail(saved.id), saved);
      return invalidateContactViews(queryClient);
    },
  });
}
