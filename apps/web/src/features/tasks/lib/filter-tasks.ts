import type { Task, TaskStatus } from '@fieldbook/contract';
import { assigneeName, taskJobName } from './group-tasks';

export type StatusFilter = TaskStatus | 'all';

export const STATUS_FILTER_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'in progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

export function isStatusFilter(value: string | null | undefined): value is StatusFilter {
  return STATUS_FILTER_OPTIONS.some((o) => o.value === value);
}

/**
 * The dashboard's status and text filters. The text matches, case-insensitively and word by word, the task's
 * description, its job's client name, title and address, and the assignee's name or phone.
 */
export function filterTasks(tasks: readonly Task[], { status, text }: { status: StatusFilter; text: string }): Task[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return tasks.filter((task) => {
    if (status !== 'all' && task.status !== status) return false;
    if (!words.length) return true;
    const haystack = [
      task.description,
      taskJobName(task.job),
      task.job.client_name,
      task.job.title,
      task.job.property_address,
      assigneeName(task),
      task.assigned_to,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
