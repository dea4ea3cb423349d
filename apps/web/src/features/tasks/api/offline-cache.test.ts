import type { TaskList } from '@fieldbook/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../../../test/factories';
import { QueryClient } from '@tanstack/react-query';
import type { QueuedWrite } from '../../../lib/offline/write-queue';
import { createWrite, statusWrite } from '../lib/offline-queue';
import { taskKeys } from './keys';
import { taskOfflineAppliers, withBoardTaskPatched, withCreatedTask, withJobTaskPatched } from './offline-cache';

describe('offline optimistic cache updates', () => {
  const [a, b] = [makeTask(), makeTask()];
  const board: InfiniteData<TaskList, number> = { pages: [{ tasks: [a], total: 2 }, { tasks: [b], total: 2 }], pageParams: [0, 1] };

  it('withBoardTaskPatched changes the task on whichever page holds it and leaves the rest alone', () => {
    const next = withBoardTaskPatched(board, b.id, { status: 'completed', assigned_to: '5125550101', assignee_name: 'Ann Roofer' })!;
    expect(next.pages[1]!.tasks[0]).toEqual({ ...b, status: 'completed', assigned_to: '5125550101', assignee_name: 'Ann Roofer' });
    expect(next.pages[0]!.tasks[0]).toBe(a);
    expect(next.pageParams).toEqual([0, 1]);
    expect(board.pages[1]!.tasks[0]).toBe(b);
  });

  it('withBoardTaskPatched returns the same data when the task is not loaded, or nothing is cached', () => {
    expect(withBoardTaskPatched(board, makeTask().id, { status: 'completed' })).toBe(board);
    expect(withBoardTaskPatched(undefined, a.id, { status: 'completed' })).toBeUndefined();
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

describe('taskOfflineAppliers: queued task writes shown on a board fetched again', () => {
  const queued = (w: ReturnType<typeof statusWrite>): QueuedWrite => ({ ...w, id: 'w', userId: 'u', seq: 1, createdAt: 0, state: 'pending', attempts: 0 });

  it('show a queued status and a queued new task, and change nothing when applied again', () => {
    const a = makeTask({ status: 'pending' });
    const queryClient = new QueryClient();
    const key = taskKeys.board({ status: 'all', q: '' });
    queryClient.setQueryData<InfiniteData<TaskList, number>>(key, { pages: [{ tasks: [a], total: 1 }], pageParams: [0] });
    const writes = [queued(statusWrite(a.id, 'completed')), queued(createWrite('offline-new', { description: 'Tarp', job_id: a.job_id, priority: 'low' }))];
    const apply = () => writes.forEach((w) => taskOfflineAppliers[w.request.kind === 'endpoint' ? (w.request.endpoint as 'tasks.create') : 'tasks.create']!(queryClient, w));
    apply();
    apply();
    const board = queryClient.getQueryData<InfiniteData<TaskList, number>>(key)!;
    expect(board.pages[0]!.tasks.map((t) => [t.id, t.status])).toEqual([
      ['offline-new', 'pending'],
      [a.id, 'completed'],
    ]);
    expect(board.pages[0]!.total).toBe(2);
  });
});
