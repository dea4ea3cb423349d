import 'fake-indexeddb/auto';
import { contactEndpoints } from '@fieldbook/contract';
import { act, waitFor } from '@testing-library/react';
import type { User } from '@supabase/auth-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { makeContact } from '../../test/factories';
import { setOnline } from '../../test/online';
import { renderWithProviders } from '../../test/render';
import { callEndpoint } from '../call-endpoint';
import { endpointRequest, hasQueuedWriteTo, offlineQueue, OfflineQueueSync, queueWrites, requestOfflineSync, sendOrQueue } from './offline-queue';

const C1 = '00000000-0000-4000-8000-0000000000c1';
const user = { id: '6f1c1d1e-0000-4000-8000-0000000000a7', email: 'crew-a7@example.test' } as User;

/** An edit of C1's name, sent with its key or queued (what the contacts feature's save does). */
function saveName(name: string) {
  return sendOrQueue({
    write: { label: `Edit contact: ${name}`, request: endpointRequest('contacts.update', { params: { id: C1 }, body: { name } }) },
    send: (key) => callEndpoint(contactEndpoints.update, { params: { id: C1 }, body: { name }, idempotencyKey: key }),
    queued: () => makeContact(name, '5125550100', { id: C1 }),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a write to a row whose earlier write waits in the queue (one bar of signal)', () => {
  it('goes behind it in the queue instead of overtaking it, so the server ends with the last change', async () => {
    let signal = false;
    const saved: string[] = [];
    const api = fakeApi().on(contactEndpoints.update, ({ body }) => {
      // No network: fetch fails (the request layer retries twice, then the write is queued with its key).
      if (!signal) throw new TypeError('Failed to fetch');
      saved.push(body!.name!);
      return makeContact(body!.name!, '5125550100', { id: C1 });
    });
    setOnline(true);
    renderWithProviders(<OfflineQueueSync />, { user });
    await act(() => offlineQueue.ready());

    // "Rosa Electric" finds no network: it waits in the queue (its replay fails too while there is none).
    await act(() => saveName('Rosa Electric'));
    expect(offlineQueue.getSnapshot().map((w) => w.label)).toEqual(['Edit contact: Rosa Electric']);
    // Three tries of the send, three of the replay it asked for, and the replay over: the write still waits.
    await waitFor(() => expect(api.calls(contactEndpoints.update)).toHaveLength(6), { timeout: 5000 });
    await waitFor(() => expect(offlineQueue.sendingId()).toBeNull());
    expect(offlineQueue.getSnapshot().map((w) => w.state)).toEqual(['pending']);

    // The signal returns, and the user corrects the name before the queue is replayed.
    signal = true;
    await act(() => saveName('Rosa Electric LLC'));
    act(() => requestOfflineSync());
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    // Both arrived, in the order they were made: the correction last (sent first, the replay would have undone it).
    expect(saved).toEqual(['Rosa Electric', 'Rosa Electric LLC']);
    expect(api.problems).toEqual([]);
  }, 20_000);

  it('tells which row a queued write changes: the same endpoint and path, not another row or another kind of change', async () => {
    fakeApi();
    setOnline(false);
    renderWithProviders(<OfflineQueueSync />, { user: { ...user, id: '6f1c1d1e-0000-4000-8000-0000000000a8' } as User });
    await act(() => offlineQueue.ready());
    const status = (id: string, s: 'completed' | 'pending') => ({ label: `Task status: ${s}`, request: endpointRequest('tasks.updateStatus', { params: { id }, body: { status: s } }) });
    const T1 = '00000000-0000-4000-8000-0000000000d1';
    const T2 = '00000000-0000-4000-8000-0000000000d2';
    expect(hasQueuedWriteTo(status(T1, 'pending'))).toBe(false);
    act(() => queueWrites([status(T1, 'completed')]));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(1));
    expect(hasQueuedWriteTo(status(T1, 'pending'))).toBe(true);
    expect(hasQueuedWriteTo(status(T2, 'pending'))).toBe(false);
    expect(hasQueuedWriteTo({ label: 'Assign', request: endpointRequest('tasks.assign', { params: { id: T1 }, body: { assigned_to: null } }) })).toBe(false);
  });
});
