import { QUERY_ROOTS } from '../../../lib/query-roots';
import type { TaskStatus } from '@fieldbook/contract';
import type { StatusFilter } from '../lib/filter-tasks';

/** Filters GET /api/tasks accepts; part of the query key so each filter has its own cache entry. */
export type TaskListFilters = {
  status?: TaskStatus | 'all';
  job_id?: string;
  group_id?: string;
  assigned_to?: string;
  q?: string;
  limit?: number;
  offset?: number;
};

/** The Tasks by Assignee board's server-side filters (q: the text filter, already debounced and normalized). */
export type TaskBoardFilters = { status: StatusFilter; q: string; group_id?: string };

/** Query keys of the tasks feature. Every task mutation invalidates `taskKeys.all` and `JOBS_QUERY_ROOT`. */
export const taskKeys = {
  all: QUERY_ROOTS.tasks,
  boards: () => [...taskKeys.all, 'board'] as const,
  /** The board's pages (an infinite query): one cache entry per filter combination. */
  board: (filters: TaskBoardFilters) => [...taskKeys.boards(), filters] as const,
  /** The Batch Assign dialog's own list (job, status). */
  batch: (filters: { jobId: string | null; status: string }) => [...taskKeys.all, 'batch', filters] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string) => [...taskKeys.details(), id] as const,
};

export const searchKeys = {
  all: QUERY_ROOTS.search,
  query: (query: string) => [...searchKeys.all, query] as const,
};

/** Job cards and job detail embed their tasks, so task changes refresh every `['jobs', …]` query too. */
export const JOBS_QUERY_ROOT = QUERY_ROOTS.jobs;
