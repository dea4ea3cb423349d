import type { TaskPriority, TaskStatus } from '@fieldbook/contract';
import type { DueStatus } from './due-status';

export const TASK_STATUS_OPTIONS: Array<{ value: TaskStatus; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'in progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

export const TASK_STATUS_LABEL: Record<TaskStatus, string> = { pending: 'Pending', 'in progress': 'In Progress', completed: 'Completed' };
export const TASK_STATUS_COLOR: Record<TaskStatus, string> = { pending: 'gray', 'in progress': 'blue', completed: 'green' };

export const PRIORITY_LABEL: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const PRIORITY_COLOR: Record<TaskPriority, string> = { low: 'gray', medium: 'yellow', high: 'red' };

export const DUE_COLOR: Record<DueStatus, string> = { overdue: 'red', today: 'orange', soon: 'yellow', future: 'gray', none: 'gray' };

/** Reopen from completed sets pending; Mark Complete sets completed (spec 001 §4). */
export function toggledStatus(status: TaskStatus): TaskStatus {
  return status === 'completed' ? 'pending' : 'completed';
}
