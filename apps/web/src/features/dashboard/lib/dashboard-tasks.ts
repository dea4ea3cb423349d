import type { DashboardTask } from '@fieldbook/contract';

/** Spec 001 §9: at most 5 pending tasks are shown of the up to 20 loaded. */
export const DASHBOARD_PENDING_LIMIT = 5;

/** Spec 001 §4: a dashboard task's status maps to completed, in_progress, or else pending. */
export type DashboardTaskState = 'completed' | 'in_progress' | 'pending';

export function dashboardTaskState(status: string): DashboardTaskState {
  if (status === 'completed') return 'completed';
  if (status === 'in progress' || status === 'in_progress') return 'in_progress';
  return 'pending';
}

/** The pending tasks to show, newest first as loaded, optionally only those of one group. */
export function recentPendingTasks(tasks: readonly DashboardTask[], groupId: string | null = null, limit = DASHBOARD_PENDING_LIMIT): DashboardTask[] {
  return tasks.filter((t) => dashboardTaskState(t.status) === 'pending' && (groupId === null || t.group_id === groupId)).slice(0, limit);
}

export type GroupChip = { id: string; name: string; count: number };

/** The groups the loaded tasks belong to, as chips (tasks without a group make none). */
export function groupChips(tasks: readonly DashboardTask[]): GroupChip[] {
  const chips = new Map<string, GroupChip>();
  for (const t of tasks) {
    if (!t.group_id || !t.groups) continue;
    const chip = chips.get(t.group_id) ?? { id: t.group_id, name: t.groups.name, count: 0 };
    chip.count++;
    chips.set(t.group_id, chip);
  }
  return [...chips.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Where a task opens (spec 001 §2): its job when it has one, else the tasks page with the group as filter state. */
export function taskTarget(task: Pick<DashboardTask, 'job_id' | 'group_id'>): { to: string; state?: { groupId: string } } {
  if (task.job_id) return { to: `/jobs/${task.job_id}` };
  return task.group_id ? { to: '/tasks', state: { groupId: task.group_id } } : { to: '/tasks' };
}
