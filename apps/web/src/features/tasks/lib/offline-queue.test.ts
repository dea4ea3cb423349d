import { describe, expect, it } from 'vitest';
import {
  addToQueue,
  assignAction,
  batchAssignActions,
  createAction,
  isTempTaskId,
  newTempTaskId,
  pendingActionsKey,
  queueAfterReplay,
  readQueue,
  replayQueue,
  statusAction,
  syncCompleteMessage,
  writeQueue,
  type PendingAction,
  type ReplayResult,
} from './offline-queue';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const USER = 'user-1';
const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';
const JOB = '00000000-0000-4000-8000-000000009000';
const body = { description: 'Tarp the roof', job_id: JOB, assigned_to: '', due_date: '', priority: 'high' as const };

/** An executor that records what it was asked and answers per item. */
function recorder(answer: (item: PendingAction, n: number) => ReplayResult | Error = () => ({ ok: true })) {
  const calls: PendingAction[] = [];
  const execute = async (item: PendingAction): Promise<ReplayResult> => {
    calls.push(item);
    const a = answer(item, calls.length);
    if (a instanceof Error) throw a;
    return a;
  };
  return { calls, execute };
}

describe('offline queue items', () => {
  it('have the spec’s shape, unused fields null', () => {
    expect(statusAction(T1, 'completed', 5)).toEqual({ type: 'updateTaskStatus', taskId: T1, newStatus: 'completed', assignee: null, taskData: null, timestamp: 5 });
    expect(assignAction(T1, '5125550101', 5)).toEqual({ type: 'assignTask', taskId: T1, newStatus: null, assignee: '5125550101', taskData: null, timestamp: 5 });
    const temp = newTempTaskId();
    expect(isTempTaskId(temp)).toBe(true);
    expect(isTempTaskId(T1)).toBe(false);
    expect(createAction(temp, body, 5)).toEqual({
      type: 'createTask',
      taskId: temp,
      newStatus: null,
      assignee: null,
      taskData: { description: 'Tarp the roof', job_id: JOB, assigned_to: null, due_date: null, priority: 'high' },
      timestamp: 5,
    });
  });

  it('a batch assignment is one assignTask per task', () => {
    expect(batchAssignActions([T1, T2], '5125550102', 7)).toEqual([assignAction(T1, '5125550102', 7), assignAction(T2, '5125550102', 7)]);
  });

  it('Sync Complete shows the count', () => {
    expect(syncCompleteMessage(1)).toBe('Sync Complete: 1 change synced');
    expect(syncCompleteMessage(3)).toBe('Sync Complete: 3 changes synced');
  });
});

describe('offline queue storage', () => {
  it('adds in order and restores what it stored, per user', () => {
    const s = memoryStorage();
    addToQueue(s, USER, [statusAction(T1, 'completed', 1)]);
    addToQueue(s, USER, batchAssignActions([T1, T2], null, 2));
    expect(readQueue(s, USER)).toEqual([statusAction(T1, 'completed', 1), assignAction(T1, null, 2), assignAction(T2, null, 2)]);
    expect(readQueue(s, 'someone-else')).toEqual([]);
    expect(s.data.has(pendingActionsKey(USER))).toBe(true);
    writeQueue(s, USER, []);
    expect(s.data.has(pendingActionsKey(USER))).toBe(false);
  });

  it('drops malformed entries and unreadable storage instead of throwing', () => {
    const s = memoryStorage();
    const good = statusAction(T1, 'pending', 1);
    s.setItem(
      pendingActionsKey(USER),
      JSON.stringify([
        good,
        { type: 'updateTaskStatus', taskId: T1, newStatus: 'done', assignee: null, taskData: null, timestamp: 1 },
        { type: 'deleteTask', taskId: T1 },
        { ...createAction(newTempTaskId(), body, 1), taskData: { description: '' } },
        { ...createAction(newTempTaskId(), body, 1), taskId: T2 }, // a createTask must carry a temporary id
        null,
        'x',
      ]),
    );
    expect(readQueue(s, USER)).toEqual([good]);
    s.setItem(pendingActionsKey(USER), '{not json');
    expect(readQueue(s, USER)).toEqual([]);
    s.setItem(pendingActionsKey(USER), '{"type":"assignTask"}');
    expect(readQueue(s, USER)).toEqual([]);
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    expect(readQueue(throwing, USER)).toEqual([]);
    expect(() => writeQueue(throwing, USER, [good])).not.toThrow();
  });
});

describe('replayQueue', () => {
  it('replays in order, counts successes and keeps failures (thrown or not ok)', async () => {
    const items = [statusAction(T1, 'completed', 1), assignAction(T2, '5125550101', 2), statusAction(T2, 'in progress', 3)];
    const { calls, execute } = recorder((_item, n) => (n === 2 ? { ok: false } : n === 3 ? new Error('offline') : { ok: true }));
    const outcome = await replayQueue(items, execute);
    expect(calls).toEqual(items);
    expect(outcome.synced).toBe(1);
    expect(outcome.kept).toEqual([items[1], items[2]]);
  });

  it('never sends a temporary id: later changes use the id POST returned', async () => {
    const temp = newTempTaskId();
    const items = [createAction(temp, body, 1), statusAction(temp, 'completed', 2), assignAction(temp, '5125550102', 3)];
    const { calls, execute } = recorder((item) => (item.type === 'createTask' ? { ok: true, createdId: T2 } : { ok: true }));
    const outcome = await replayQueue(items, execute);
    expect(outcome).toMatchObject({ synced: 3, kept: [], dropped: 0 });
    expect(calls.map((c) => [c.type, c.taskId])).toEqual([
      ['createTask', temp],
      ['updateTaskStatus', T2],
      ['assignTask', T2],
    ]);
    expect(calls.filter((c) => c.type !== 'createTask').every((c) => !isTempTaskId(c.taskId))).toBe(true);
  });

  it('when the creation fails, its later changes stay queued behind it, unsent', async () => {
    const temp = newTempTaskId();
    const items = [createAction(temp, body, 1), statusAction(temp, 'completed', 2), statusAction(T1, 'completed', 3)];
    const { calls, execute } = recorder((item) => (item.type === 'createTask' ? { ok: false } : { ok: true }));
    const outcome = await replayQueue(items, execute);
    expect(calls.map((c) => c.type)).toEqual(['createTask', 'updateTaskStatus']);
    expect(calls[1]!.taskId).toBe(T1);
    expect(outcome).toMatchObject({ synced: 1, kept: [items[0], items[1]], dropped: 0 });
  });

  it('a change whose task was created but failed itself is kept with the real id', async () => {
    const temp = newTempTaskId();
    const items = [createAction(temp, body, 1), statusAction(temp, 'completed', 2)];
    const { execute } = recorder((item) => (item.type === 'createTask' ? { ok: true, createdId: T2 } : { ok: false }));
    const outcome = await replayQueue(items, execute);
    expect(outcome.kept).toEqual([statusAction(T2, 'completed', 2)]);
  });

  it('drops changes to a temporary task whose creation is no longer queued', async () => {
    const { calls, execute } = recorder();
    const outcome = await replayQueue([statusAction(newTempTaskId(), 'completed', 1)], execute);
    expect(calls).toEqual([]);
    expect(outcome).toMatchObject({ synced: 0, kept: [], dropped: 1 });
  });

  it('queueAfterReplay keeps failures first, then what was queued meanwhile (ids resolved)', async () => {
    const temp = newTempTaskId();
    const replayed = [createAction(temp, body, 1), statusAction(T1, 'completed', 2)];
    const { execute } = recorder((item) => (item.type === 'createTask' ? { ok: true, createdId: T2 } : { ok: false }));
    const outcome = await replayQueue(replayed, execute);
    const meanwhile = assignAction(temp, null, 3);
    expect(queueAfterReplay([...replayed, meanwhile], replayed.length, outcome)).toEqual([replayed[1], assignAction(T2, null, 3)]);
  });
});
