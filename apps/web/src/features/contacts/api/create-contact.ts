import { contactEndpoints, type Contact, type CreateContactBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-provider';
import { callEndpoint } from '../../../lib/call-endpoint';
import { endpointRequest, isQueuedAnswer, sendOrQueue } from '../../../lib/offline/offline-queue';
import { newTempId } from '../../../lib/offline/write-queue';
import { invalidateContactViews } from './invalidate';
import { applyOfflineContactCreate, optimisticContact } from './offline-contacts';

/** POST /api/contacts. */
export function createContact(body: CreateContactBody, idempotencyKey?: string): Promise<Contact> {
  return callEndpoint(contactEndpoints.create, { body, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

/** Creates a contact; without a network it waits in the offline queue and shows in the lists at once. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? '';
  return useMutation({
    // Offline the mutation must still run: it queues (TanStack would otherwise pause it until the network returns).
    networkMode: 'always',
    mutationFn: (body: CreateContactBody) => {
      const tempId = newTempId();
      return sendOrQueue({
        write: { label: `New contact: ${String((body as { name?: unknown }).name ?? '')}`, tempId, request: endpointRequest('contacts.create', { body }) },
        send: (key) => createContact(body, key),
        queued: () => {
          const contact = optimisticContact(tempId, ownerId, body);
          applyOfflineContactCreate(queryClient, contact);
          return contact;
        },
      });
    },
    onSuccess: (contact) => (isQueuedAnswer(contact) ? undefined : invalidateContactViews(queryClient)),
  });
}
