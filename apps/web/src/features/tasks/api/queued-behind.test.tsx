import 'fake-indexeddb/auto';
import { taskEndpoints } from '@fieldbook/contract';
import { act, waitFor } from '@testing-library/react';
import type { User } from '@supabase/auth-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue, OfflineQueueSync, queueWrites } from '../../../lib/offline/offline-queue';
import { fakeApi } from '../../../test/fake-api';
import { makeTask } from '../../../test/factories';
import { setOnline } from '../../../test/online';
import { renderWithProviders } from '../../../test/render';
import { statusWrite } from '../lib/offline-queue';
import { useAssignTask } from './assign-task';
import { useBatchAssignTasks } from './batch-assign-tasks';
import { useUpdateTaskStatus } from './update-task-status';

const T1 = '00000000-0000-4000-8000-0000000000e1';
const T2 = '00000000-0000-4000-8000-0000000000e2';
const user = { id: '6f1c1d1e-0000-4000-8000-0000000000b1', email: 'crew-b1@example.test' } as User;

type Hooks = { status: ReturnType<typeof useUpdateTaskStatus>; assign: ReturnType<typeof useAssignTask>; batch: ReturnType<typeof useBatchAssignTasks> };
let hooks: Hooks;
function Probe() {
  hooks = { status: useUpdateTaskStatus(), assign: useAssignTask(), batch: useBatchAssignTasks() };
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a task write made online while an earlier write to that task waits in the queue', () => {
  it('is queued behind it instead of sent ahead of it; a write to another task is sent at once', async () => {
    const api = fakeApi()
      .on(taskEndpoints.updateStatus, ({ params, body }) => makeTask({ id: params!.id, status: body?.status ?? 'pending' }))
      .on(taskEndpoints.assign, ({ params, body }) => makeTask({ id: params!.id, assigned_to: body!.assigned_to }));
    setOnline(false);
    renderWithProviders(
      <>
        <OfflineQueueSync />
        <Probe />
      </>,
      { user },
    );
    await act(() => offlineQueue.ready());
    // Mark Complete, made offline, waits in the queue; the user is back online before it is replayed.
    act(() => queueWrites([statusWrite(T1, 'completed')]));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(1));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);

    act(() => hooks.status.mutate({ id: T1, status: 'pending' }));
    act(() => hooks.status.mutate({ id: T2, status: 'completed' }));
    // Reopen went into the queue behind Mark Complete; T2's change was sent.
    await waitFor(() => expect(api.calls(taskEndpoints.updateStatus).map((c) => c.params!.id)).toContain(T2));
    const t1Sent = () => api.calls(taskEndpoints.updateStatus).filter((c) => c.params!.id === T1).map((c) => c.body?.status);
    await waitFor(() => expect(t1Sent()).toEqual(['completed', 'pending']));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    expect(api.problems).toEqual([]);
  });

  it('holds for assignments, one or many', async () => {
    const api = fakeApi().on(taskEndpoints.assign, ({ params, body }) => makeTask({ id: params!.id, assigned_to: body!.assigned_to }));
    setOnline(false);
    renderWithProviders(<Probe />, { user: { ...user, id: '6f1c1d1e-0000-4000-8000-0000000000b2' } as User });
    await act(() => offlineQueue.ready());
    act(() => hooks.assign.mutate({ id: T1, assigned_to: '5125550101' }));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(1));
    // Back online (no sync mounted here: the queue is not replayed), a second assignment of T1 and a batch with it.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => hooks.assign.mutate({ id: T1, assigned_to: '5125550102' }));
    act(() => hooks.batch.mutate({ task_ids: [T2, T1], assigned_to: '5125550103' }));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(4));
    // Nothing went ahead of the waiting assignment.
    expect(api.calls(taskEndpoints.assign)).toEqual([]);
    expect(api.calls(taskEndpoints.batchAssign)).toEqual([]);
  });
});
