import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { indexedDbStorage } from '../../../lib/offline/idb-storage';
import { createWriteQueue, type QueuedWrite } from '../../../lib/offline/write-queue';
import { assignWrite, batchAssignWrites, createForJobWrite, createWrite, isTempTaskId, newTempTaskId, statusWrite, syncCompleteMessage } from './offline-queue';

const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';
const JOB = '00000000-0000-4000-8000-000000009000';
const body = { description: 'Tarp the roof', job_id: JOB, assigned_to: '', due_date: '', priority: 'high' as const };

describe('task writes of the offline queue', () => {
  it('are the task calls of spec 001 §7, assignee and due date null when empty', () => {
    expect(statusWrite(T1, 'completed')).toEqual({
      label: 'Task status: completed',
      request: { kind: 'endpoint', endpoint: 'tasks.updateStatus', params: { id: T1 }, body: { status: 'completed' } },
    });
    expect(assignWrite(T1, '5125550101').request).toEqual({ kind: 'endpoint', endpoint: 'tasks.assign', params: { id: T1 }, body: { assigned_to: '5125550101' } });
    expect(assignWrite(T1, '').request).toMatchObject({ body: { assigned_to: null } });
    const temp = newTempTaskId();
    expect(isTempTaskId(temp)).toBe(true);
    expect(isTempTaskId(T1)).toBe(false);
    expect(createWrite(temp, body)).toEqual({
      label: 'New task: Tarp the roof',
      tempId: temp,
      request: { kind: 'endpoint', endpoint: 'tasks.create', body: { description: 'Tarp the roof', job_id: JOB, assigned_to: null, due_date: null, priority: 'high' } },
    });
    expect(createForJobWrite(temp, JOB, { description: 'Vent', priority: 'low' }).request).toEqual({
      kind: 'endpoint',
      endpoint: 'tasks.createForJob',
      params: { id: JOB },
      body: { description: 'Vent', priority: 'low', job_id: JOB },
    });
  });

  it('a batch assignment is one assignment per task', () => {
    expect(batchAssignWrites([T1, T2], '5125550102')).toEqual([assignWrite(T1, '5125550102'), assignWrite(T2, '5125550102')]);
  });

  it('Sync Complete shows the count', () => {
    expect(syncCompleteMessage(1)).toBe('Sync Complete: 1 change synced');
    expect(syncCompleteMessage(3)).toBe('Sync Complete: 3 changes synced');
  });

  it('replayed through the queue: a task made offline, then changed, goes out with the id POST returned', async () => {
    const sent: QueuedWrite[] = [];
    const q = createWriteQueue({
      storage: indexedDbStorage(),
      isOnline: () => true,
      send: async (w) => {
        sent.push(w);
        return w.request.kind === 'endpoint' && w.request.endpoint === 'tasks.create' ? { id: T2 } : {};
      },
    });
    await q.setUser('user-1');
    const temp = newTempTaskId();
    await q.enqueue([createWrite(temp, body), statusWrite(temp, 'completed'), assignWrite(temp, '5125550102')]);
    expect(await q.replay()).toEqual({ synced: 3, failed: 0, interrupted: false });
    expect(sent.map((w) => (w.request.kind === 'endpoint' ? [w.request.endpoint, w.request.params?.id ?? null] : null))).toEqual([
      ['tasks.create', null],
      ['tasks.updateStatus', T2],
      ['tasks.assign', T2],
    ]);
  });
});
