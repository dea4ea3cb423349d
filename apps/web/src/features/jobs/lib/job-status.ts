import type { JobStatus } from '@fieldbook/contract';

type Option<V extends string> = { value: V; label: string };

/** The job card's selector allows only these two (spec 001 §2). */
export const JOB_CARD_STATUS_OPTIONS: Option<JobStatus>[] = [
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
];

/** Every job status, for the New Job form and the job detail page. */
export const JOB_STATUS_OPTIONS: Option<JobStatus>[] = [
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'in progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** Jobs dashboard status filter (spec 001 §4): all, active, pending, in progress, completed. */
export const DASHBOARD_STATUS_FILTERS: Option<JobStatus | 'all'>[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'in progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

/** Jobs list (table) status filter (spec 001 §2): Active, Pending, Completed, Cancelled — plus no filter. */
export const TABLE_STATUS_FILTERS: Option<JobStatus | 'all'>[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const JOB_STATUS_COLORS: Record<JobStatus, string> = {
  active: 'fieldbook',
  pending: 'yellow',
  'in progress': 'blue',
  completed: 'gray',
  cancelled: 'red',
};

export function jobStatusColor(status: string): string {
  return JOB_STATUS_COLORS[status as JobStatus] ?? 'gray';
}

export function jobStatusLabel(status: string): string {
  return JOB_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;
}

/**
 * Options for the card's selector: active and completed, plus the job's current status (disabled) when it is
 * another one, so the control shows the truth without offering a forbidden change.
 */
export function cardStatusOptions(current: JobStatus): { value: string; label: string; disabled?: boolean }[] {
  if (JOB_CARD_STATUS_OPTIONS.some((o) => o.value === current)) return JOB_CARD_STATUS_OPTIONS;
  return [{ value: current, label: jobStatusLabel(current), disabled: true }, ...JOB_CARD_STATUS_OPTIONS];
}
