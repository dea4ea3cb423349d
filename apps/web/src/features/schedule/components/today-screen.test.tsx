import 'fake-indexeddb/auto';
import { scheduleEndpoints } from '@fieldbook/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@supabase/auth-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingChanges } from '../../../components/offline/pending-changes';
import { indexedDbStorage } from '../../../lib/offline/idb-storage';
import { OFFLINE_DB_NAME, OFFLINE_STORE_NAME } from '../../../lib/offline/offline-db';
import { endpointRequest, offlineQueue, OfflineQueueSync } from '../../../lib/offline/offline-queue';
import { fakeApi } from '../../../test/fake-api';
import { setOnline } from '../../../test/online';
import { renderWithProviders } from '../../../test/render';
import { scheduleOfflineAppliers } from '../api/set-visit-status';
import { CHICAGO, makeTodayVisit } from '../test/fixtures';
import { TodayScreen } from './today-screen';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const userNamed = (n: string) => ({ id: `6f1c1d1e-0000-4000-8000-0000000002${n}`, email: `today${n}@example.test` }) as User;

function renderToday(user: User) {
  return renderWithProviders(
    <>
      <OfflineQueueSync appliers={scheduleOfflineAppliers} />
      <PendingChanges />
      <TodayScreen />
    </>,
    { user, route: '/today' },
  );
}

describe('/today', { timeout: 30_000 }, () => {
  it('shows my visits with the address as a maps link, the window, notes, tasks and documents; On my way is sent', async () => {
    const visit = makeTodayVisit({ notes: 'Gate code 4411' });
    const api = fakeApi()
      .on(scheduleEndpoints.today, { date: '2026-03-10', time_zone: CHICAGO, visits: [visit] })
      .on(scheduleEndpoints.setStatus, ({ body }) => ({ ...visit, status: body.status }));
    setOnline(true);
    renderToday(userNamed('01'));
    await act(() => offlineQueue.ready());
    const card = await screen.findByRole('article', { name: 'Roof repair · Lopez' });
    expect(within(card).getByText('09:00–11:00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '12 Oak St, Austin' }).getAttribute('href')).toBe('https://maps.google.com/?q=12%20Oak%20St%2C%20Austin');
    expect(within(card).getByText('Arrival 8:00–10:00 am')).toBeTruthy();
    expect(within(card).getByText('Gate code 4411')).toBeTruthy();
    expect(within(card).getByText('3 tasks (2 open) · 1 document')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'On my way' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.setStatus)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.setStatus)[0]!.body).toEqual({ status: 'on_the_way' });
  });

  it('Start offline waits in the queue, shows at once, and is sent once with its key when the network returns', async () => {
    const visit = makeTodayVisit();
    const api = fakeApi()
      .on(scheduleEndpoints.today, { date: '2026-03-10', time_zone: CHICAGO, visits: [visit] })
      .on(scheduleEndpoints.setStatus, ({ body }) => ({ ...visit, status: body.status }));
    setOnline(true);
    renderToday(userNamed('02'));
    await act(() => offlineQueue.ready());
    const card = await screen.findByRole('article', { name: 'Roof repair · Lopez' });

    act(() => setOnline(false));
    await userEvent.click(within(card).getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('button', { name: 'Pending changes: 1 pending' })).toBeTruthy();
    expect(await within(card).findByText('In progress')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Start' })).toBeNull();
    expect(api.calls(scheduleEndpoints.setStatus)).toHaveLength(0);
    const [queued] = offlineQueue.getSnapshot();
    expect(queued!.label).toBe('Visit: In progress');

    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('pending-changes')).toBeNull());
    const calls = api.calls(scheduleEndpoints.setStatus);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual({ id: visit.id });
    expect(calls[0]!.body).toEqual({ status: 'in_progress' });
    expect(calls[0]!.headers.get('idempotency-key')).toBe(queued!.id);
  });

  it('reopened offline, shows a status still waiting in the queue even when the last-seen day is there before the queue is read', async () => {
    const visit = makeTodayVisit();
    const user = userNamed('03');
    await indexedDbStorage().put({
      id: '0f5b3c1e-0000-4000-8000-0000000003a1',
      userId: user.id,
      seq: 1,
      createdAt: Date.now(),
      label: 'Visit: On the way',
      request: endpointRequest('schedule.setStatus', { params: { id: visit.id }, body: { status: 'on_the_way' } }),
      state: 'pending',
      attempts: 0,
    });
    const api = fakeApi().on(scheduleEndpoints.today, { date: '2026-03-10', time_zone: CHICAGO, visits: [visit] });
    setOnline(false);
    // The queue's store is busy (a phone's slow disk): the day comes from the worker's copy before the queue is read.
    const release = await holdStore(OFFLINE_DB_NAME, OFFLINE_STORE_NAME);
    renderToday(user);
    const card = await screen.findByRole('article', { name: 'Roof repair · Lopez' });
    expect(within(card).getByRole('button', { name: 'On my way' })).toBeTruthy();
    release();
    expect(await screen.findByRole('button', { name: 'Pending changes: 1 pending' })).toBeTruthy();
    expect(await within(card).findByText('On the way', { exact: true })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(api.calls(scheduleEndpoints.setStatus)).toHaveLength(0);
  });
});

/**
 * Holds a read-write transaction on `store` until the returned function is called: IndexedDB runs a reader of the
 * same store only after it, so the offline queue's load waits.
 */
async function holdStore(dbName: string, store: string): Promise<() => void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.onupgradeneeded = () => open.result.createObjectStore(store);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  let held = true;
  const objects = db.transaction(store, 'readwrite').objectStore(store);
  // A transaction stays open while it has requests: one more each time the last one answers.
  const keepBusy = () => {
    if (held) objects.count().onsuccess = keepBusy;
  };
  keepBusy();
  return () => {
    held = false;
  };
}
