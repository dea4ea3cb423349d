import 'fake-indexeddb/auto';
import { taskEndpoints } from '@fieldbook/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@supabase/auth-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointRequest, offlineQueue, OfflineQueueSync, queueWrites } from '../../lib/offline/offline-queue';
import { apiError, fakeApi } from '../../test/fake-api';
import { makeTask } from '../../test/factories';
import { setOnline } from '../../test/online';
import { renderWithProviders } from '../../test/render';
import { PendingChanges } from './pending-changes';

const T1 = '00000000-0000-4000-8000-000000000001';
const status = (s: 'completed' | 'in progress' | 'pending') => ({ label: `Task status: ${s}`, request: endpointRequest('tasks.updateStatus', { params: { id: T1 }, body: { status: s } }) });
const userNamed = (n: string) => ({ id: `6f1c1d1e-0000-4000-8000-0000000000${n}`, email: `crew${n}@example.test` }) as User;


afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the pending changes of the offline queue', () => {
  it('counts writes made offline, and replays them in order with their keys when the network returns', async () => {
    const api = fakeApi().on(taskEndpoints.updateStatus, ({ body }) => makeTask({ id: T1, status: body?.status ?? 'pending' }));
    setOnline(false);
    renderWithProviders(
      <>
        <OfflineQueueSync />
        <PendingChanges />
      </>,
      { user: userNamed('01') },
    );
    await act(() => offlineQueue.ready());
    expect(screen.queryByTestId('pending-changes')).toBeNull();
    act(() => queueWrites([status('completed'), status('in progress')]));
    expect(await screen.findByRole('button', { name: 'Pending changes: 2 pending' })).toBeTruthy();
    expect(api.calls(taskEndpoints.updateStatus)).toHaveLength(0);
    const ids = offlineQueue.getSnapshot().map((w) => w.id);

    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('pending-changes')).toBeNull());
    const calls = api.calls(taskEndpoints.updateStatus);
    expect(calls.map((c) => c.body?.status)).toEqual(['completed', 'in progress']);
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(ids);
    expect(api.problems).toEqual([]);
  });

  it('shows a refused write with the server’s reason; Retry sends it again (same key), Discard drops one', async () => {
    const api = fakeApi().on(taskEndpoints.updateStatus, apiError(404, 'NOT_FOUND', 'Task not found'), apiError(404, 'NOT_FOUND', 'Task not found'), makeTask({ id: T1, status: 'completed' }));
    setOnline(true);
    renderWithProviders(
      <>
        <OfflineQueueSync />
        <PendingChanges />
      </>,
      { user: userNamed('02') },
    );
    await act(() => offlineQueue.ready());
    act(() => queueWrites([status('completed'), status('pending')]));
    const button = await screen.findByRole('button', { name: 'Pending changes: 2 failed' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Pending changes' });
    const rows = within(dialog).getAllByTestId('pending-change');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['failed', 'failed']);
    expect(within(rows[0]!).getByText('Task not found')).toBeTruthy();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Retry Task status: completed' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('pending-change')).toHaveLength(1));
    const calls = api.calls(taskEndpoints.updateStatus);
    expect(calls).toHaveLength(3);
    expect(calls[2]!.headers.get('idempotency-key')).toBe(calls[0]!.headers.get('idempotency-key'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard Task status: pending' }));
    expect(await within(dialog).findByText('All changes are synced.')).toBeTruthy();
    expect(offlineQueue.getSnapshot()).toEqual([]);
  });

  it('the change being sent shows as Sending without Discard (the queue never takes it back); the ones waiting keep theirs', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeApi().on(taskEndpoints.updateStatus, async ({ body }) => {
      await held;
      return makeTask({ id: T1, status: body?.status ?? 'pending' });
    });
    setOnline(false);
    renderWithProviders(
      <>
        <OfflineQueueSync />
        <PendingChanges />
      </>,
      { user: userNamed('03') },
    );
    await act(() => offlineQueue.ready());
    act(() => queueWrites([status('completed'), status('in progress')]));
    await userEvent.click(await screen.findByRole('button', { name: 'Pending changes: 2 pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pending changes' });
    expect(within(dialog).getAllByRole('button', { name: /^Discard/ })).toHaveLength(2);

    act(() => setOnline(true));
    await waitFor(() => expect(api.calls(taskEndpoints.updateStatus)).toHaveLength(1));
    const [sending, waiting] = within(dialog).getAllByTestId('pending-change');
    await waitFor(() => expect(within(sending!).queryByRole('button', { name: 'Discard Task status: completed' })).toBeNull());
    expect(within(sending!).getByText('Sending')).toBeTruthy();
    expect(within(waiting!).getByRole('button', { name: 'Discard Task status: in progress' })).toBeTruthy();
    expect(within(waiting!).getByText('Waiting')).toBeTruthy();

    answer();
    expect(await within(dialog).findByText('All changes are synced.')).toBeTruthy();
    expect(api.calls(taskEndpoints.updateStatus)).toHaveLength(2);
    expect(api.problems).toEqual([]);
  });
});
