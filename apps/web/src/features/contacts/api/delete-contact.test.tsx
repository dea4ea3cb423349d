import 'fake-indexeddb/auto';
import { contactEndpoints } from '@fieldbook/contract';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointRequest, offlineQueue } from '../../../lib/offline/offline-queue';
import { newTempId } from '../../../lib/offline/write-queue';
import { makeContact } from '../../../test/factories';
import { fakeApi } from '../../../test/fake-api';
import { setOnline } from '../../../test/online';
import { renderWithProviders } from '../../../test/render';
import { useDeleteContact } from './delete-contact';

/**
 * A contact made offline and deleted once the replay has taken its creation (issue 26): the lists show its temporary
 * id until they are fetched again after the whole replay, so the delete arrives after its creation left the queue —
 * or while its POST is on the way. It must still reach the server, with the server's id, once.
 */

let deleteContact!: (id: string) => Promise<unknown>;
function DeleteProbe() {
  deleteContact = useDeleteContact().mutateAsync;
  return null;
}

const rosa = makeContact('Rosa Electric', '5125550177');
const creation = (tempId: string) => ({
  label: 'New contact: Rosa Electric',
  tempId,
  request: endpointRequest('contacts.create', { body: { name: 'Rosa Electric', phone_number: '5125550177' } }),
});

async function openQueue(user: string) {
  renderWithProviders(<DeleteProbe />);
  await act(() => offlineQueue.setUser(user));
}

afterEach(async () => {
  await offlineQueue.setUser(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('deleting a contact made offline once the replay has taken its creation', () => {
  it('its creation already sent: the delete is queued and sent with the server’s id', async () => {
    const api = fakeApi().on(contactEndpoints.create, rosa).on(contactEndpoints.remove, { ok: true });
    setOnline(true);
    await openQueue('user-delete-after-send');
    const tempId = newTempId();
    await offlineQueue.enqueue([creation(tempId)]);
    expect((await offlineQueue.replay()).synced).toBe(1);

    // The list (not fetched again yet) still shows Rosa under her temporary id.
    await act(() => deleteContact(tempId));
    await act(() => offlineQueue.replay());
    expect(api.calls(contactEndpoints.remove).map((c) => c.params)).toEqual([{ id: rosa.id }]);
    expect(offlineQueue.getSnapshot()).toEqual([]);
    expect(api.problems).toEqual([]);
  });

  it('its creation being sent: the POST is not taken back, and the delete follows it with the server’s id', async () => {
    let answerCreation!: () => void;
    const creationHeld = new Promise<void>((resolve) => (answerCreation = resolve));
    const api = fakeApi()
      .on(contactEndpoints.create, async () => {
        await creationHeld;
        return rosa;
      })
      .on(contactEndpoints.remove, { ok: true });
    setOnline(true);
    await openQueue('user-delete-while-sending');
    const tempId = newTempId();
    await offlineQueue.enqueue([creation(tempId)]);
    const replaying = offlineQueue.replay();
    await waitFor(() => expect(api.calls(contactEndpoints.create)).toHaveLength(1));

    await act(() => deleteContact(tempId));
    answerCreation();
    await act(async () => {
      await replaying;
      await offlineQueue.replay();
    });
    expect(api.calls(contactEndpoints.create)).toHaveLength(1);
    expect(api.calls(contactEndpoints.remove).map((c) => c.params)).toEqual([{ id: rosa.id }]);
    expect(offlineQueue.getSnapshot()).toEqual([]);
    expect(api.problems).toEqual([]);
  });
});
