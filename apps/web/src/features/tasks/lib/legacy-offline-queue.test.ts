import { describe, expect, it } from 'vitest';
import { takeLegacyTaskWrites } from './legacy-offline-queue';
import { assignWrite, createWrite, statusWrite } from './offline-queue';

const T1 = '00000000-0000-4000-8000-000000000001';
const JOB = '00000000-0000-4000-8000-000000009000';

function storageWith(value: string | null) {
  const data = new Map<string, string>(value === null ? [] : [['pendingActions:u1', value]]);
  return { data, getItem: (k: string) => data.get(k) ?? null, removeItem: (k: string) => void data.delete(k) };
}

describe('the localStorage task queue from before the one offline queue', () => {
  it('moves into the queue once, in order, and its key is removed', () => {
    const temp = 'offline-1234';
    const taskData = { description: 'Tarp', job_id: JOB, assigned_to: null, due_date: null, priority: 'high' };
    const s = storageWith(
      JSON.stringify([
        { type: 'updateTaskStatus', taskId: T1, newStatus: 'completed', assignee: null, taskData: null, timestamp: 1 },
        { type: 'assignTask', taskId: T1, newStatus: null, assignee: '5125550101', taskData: null, timestamp: 2 },
        { type: 'createTask', taskId: temp, newStatus: null, assignee: null, taskData, timestamp: 3 },
        { type: 'updateTaskStatus', taskId: T1, newStatus: 'done' },
        null,
      ]),
    );
    expect(takeLegacyTaskWrites('u1', s)).toEqual([statusWrite(T1, 'completed'), assignWrite(T1, '5125550101'), createWrite(temp, { ...taskData, priority: 'high' })]);
    expect(s.data.size).toBe(0);
    expect(takeLegacyTaskWrites('u1', s)).toEqual([]);
  });

  it('nothing stored, or unreadable: nothing to move', () => {
    expect(takeLegacyTaskWrites('u1', storageWith(null))).toEqual([]);
    expect(takeLegacyTaskWrites('u1', storageWith('{not json'))).toEqual([]);
  });
});
