import type { TaskList } from '@fieldbook/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../lib/test-tasks';
import { withCreatedTask, withJobTaskPatched, withTaskAssignee } from './offline-cache';

describe('offline optimistic cache updates', () => {
  const [a, b] = [makeTask(), makeTask()];
  const board: InfiniteData<TaskList, number> = { pages: [{ tasks: [a], total: 2 }, { tasks: [b], total: 2 }], pageParams: [0, 1] };

  it('withTaskAssignee changes one task’s assignee wherever it is loaded', () => {
    const next = withTaskAssignee(board, b.id, '5125550101', 'Ann Roofer')!;
    expect(next.pages[1]!.tasks[0]).toMatchObject({ id: b.id, assigned_to: '5125550101', assignee_name: 'Ann Roofer' });
    expect(next.pages[0]!.tasks[0]).toBe(a);
    expect(withTaskAssignee(board, makeTask().id, null, null)).toBe(board);
  });

  it('withCreatedTask puts the task first and counts it, except on boards filtered to another status', () => {
    const created = makeTask({ id: 'offline-x' });
    const next = withCreatedTask(board, created, { status: 'all', q: '' })!;
    expect(next.pages[0]!.tasks.map((t) => t.id)).toEqual(['offline-x', a.id]);
    expect(next.pages.map((p) => p.total)).toEqual([3, 3]);
    expect(withCreatedTask(board, created, { status: 'completed', q: '' })).toBe(board);
    expect(withCreatedTask(undefined, created, undefined)).toBeUndefined();
  });

  it('withJobTaskPatched reaches tasks embedded in a job, a job list or pages of jobs', () => {
    const job = { id: 'j', client_name: 'Lee', tasks: [{ id: a.id, status: 'pending' }] };
    const patched = (data: unknown) => withJobTaskPatched(data, a.id, { status: 'completed' });
    expect(patched(job)).toEqual({ ...job, tasks: [{ id: a.id, status: 'completed' }] });
    expect(patched({ jobs: [job], total: 1 })).toEqual({ jobs: [{ ...job, tasks: [{ id: a.id, status: 'completed' }] }], total: 1 });
    const pages = { pages: [{ jobs: [job], total: 1 }], pageParams: [0] };
    expect((patched(pages) as typeof pages).pages[0]!.jobs[0]!.tasks[0]!.status).toBe('completed');
    const other = { jobs: [{ ...job, tasks: [] }], total: 1 };
    expect(patched(other)).toBe(other);
  });
});
