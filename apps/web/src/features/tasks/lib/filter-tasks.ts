import type { TaskStatus } from '@fieldbook/contract';

/**
 * The board's status filter. It and the text filter are applied by the server (GET /api/tasks `status` and `q`),
 * so they reach every task, not only the loaded pages.
 */
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
