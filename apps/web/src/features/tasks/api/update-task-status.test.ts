import type { TaskList } from '@fieldbook/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../lib/test-tasks';
import { withTaskStatus } from './update-task-status';

describe('withTaskStatus (the board’s optimistic status change)', () => {
  const [a, b, c] = [makeTask(), makeTask(), makeTask({ status: 'in progress' })];
  const board: InfiniteData<TaskList, number> = {
    pages: [
      { tasks: [a, b], total: 3 },
      { tasks: [c], total: 3 },
    ],
    pageParams: [0, 2],
  };

  it('changes the task on whichever page holds it and leaves the rest alone', () => {
    const next = withTaskStatus(board, c.id, 'completed')!;
    expect(next.pages[1]!.tasks[0]).toEqual({ ...c, status: 'completed' });
    expect(next.pages[0]!.tasks).toEqual([a, b]);
    expect(next.pageParams).toEqual([0, 2]);
    expect(board.pages[1]!.tasks[0]!.status).toBe('in progress');
  });

  it('returns the same data when the task is not loaded, or nothing is cached', () => {
    expect(withTaskStatus(board, makeTask().id, 'completed')).toBe(board);
    expect(withTaskStatus(undefined, a.id, 'completed')).toBeUndefined();
  });
});
