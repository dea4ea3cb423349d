import type { DashboardTask } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { dashboardTaskState, groupChips, recentPendingTasks, taskTarget } from './dashboard-tasks';

const G1 = '6f1c1d1e-0000-4000-8000-0000000000a1';
const G2 = '6f1c1d1e-0000-4000-8000-0000000000a2';

function task(n: number, over: Partial<DashboardTask> = {}): DashboardTask {
  return {
    id: `6f1c1d1e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Job ${n}`,
    description: `Task ${n}`,
    status: 'pending',
    priority: 'medium',
    assigned_to: null,
    due_date: null,
    job_id: null,
    group_id: null,
    groups: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

describe('dashboardTaskState', () => {
  it('maps to completed, in_progress, or else pending', () => {
    expect(dashboardTaskState('completed')).toBe('completed');
    expect(dashboardTaskState('in progress')).toBe('in_progress');
    expect(dashboardTaskState('in_progress')).toBe('in_progress');
    expect(dashboardTaskState('pending')).toBe('pending');
    expect(dashboardTaskState('whatever')).toBe('pending');
  });
});

describe('recentPendingTasks', () => {
  it('shows at most 5 pending tasks, in loaded order', () => {
    const tasks = [task(1, { status: 'completed' }), ...Array.from({ length: 8 }, (_, i) => task(i + 2)), task(20, { status: 'in progress' })];
    expect(recentPendingTasks(tasks).map((t) => t.description)).toEqual(['Task 2', 'Task 3', 'Task 4', 'Task 5', 'Task 6']);
  });

  it('filters by group', () => {
    const tasks = [task(1, { group_id: G1, groups: { name: 'Roofing' } }), task(2), task(3, { group_id: G1, groups: { name: 'Roofing' } })];
    expect(recentPendingTasks(tasks, G1).map((t) => t.description)).toEqual(['Task 1', 'Task 3']);
  });
});

describe('groupChips', () => {
  it('counts the tasks per group, sorted by name, ignoring tasks without a group', () => {
    const tasks = [
      task(1, { group_id: G2, groups: { name: 'Siding' } }),
      task(2, { group_id: G1, groups: { name: 'Roofing' } }),
      task(3, { group_id: G2, groups: { name: 'Siding' } }),
      task(4),
    ];
    expect(groupChips(tasks)).toEqual([
      { id: G1, name: 'Roofing', count: 1 },
      { id: G2, name: 'Siding', count: 2 },
    ]);
  });
});

describe('taskTarget', () => {
  it('opens the job, else the tasks page with the group filter', () => {
    expect(taskTarget({ job_id: G1, group_id: G2 })).toEqual({ to: `/jobs/${G1}` });
    expect(taskTarget({ job_id: null, group_id: G2 })).toEqual({ to: '/tasks', state: { groupId: G2 } });
    expect(taskTarget({ job_id: null, group_id: null })).toEqual({ to: '/tasks' });
  });
});
