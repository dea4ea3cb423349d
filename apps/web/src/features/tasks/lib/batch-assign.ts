import type { Task, TaskStatus } from '@fieldbook/contract';
import { taskJobName } from './group-tasks';

/** The batch dialog offers only pending or in progress, and all (spec 001 §4). */
export type BatchStatusFilter = Exclude<TaskStatus, 'completed'> | 'all';

/** The tasks the batch dialog lists for a job ('all' = every job) and status filter. */
export function batchCandidates(tasks: readonly Task[], { jobId, status }: { jobId: string; status: BatchStatusFilter }): Task[] {
  return tasks.filter((t) => (jobId === 'all' || t.job_id === jobId) && (status === 'all' || t.status === status));
}

/** One option per job that has tasks, by name. */
export function jobOptions(tasks: readonly Task[]): Array<{ value: string; label: string }> {
  const byId = new Map<string, string>();
  for (const t of tasks) {
    if (byId.has(t.job_id)) continue;
    const address = t.job.property_address?.trim();
    byId.set(t.job_id, address ? `${taskJobName(t.job)} — ${address}` : taskJobName(t.job));
  }
  return [...byId]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}
