import { QUERY_ROOTS } from '../../../lib/query-roots';
import type { JobStatus } from '@fieldbook/contract';

/** Filters of GET /api/jobs that the screens use; part of the query key so each filter has its own cache entry. */
export type JobListFilters = {
  status?: JobStatus | 'all';
  exclude_status?: JobStatus;
  search?: string;
  sort?: 'created_at' | 'due_date';
  limit?: number;
  offset?: number;
};

/** Cards view: pages of 5 fetched one after another ("Load More Jobs"). */
export type JobFeedFilters = { status?: JobStatus | 'all'; search?: string };

/** Query keys of the jobs feature, under its root (what job, task and contact writes make stale: lib/query-roots.ts). */
export const jobKeys = {
  all: QUERY_ROOTS.jobs,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (filters: JobListFilters = {}) => [...jobKeys.lists(), filters] as const,
  feeds: () => [...jobKeys.all, 'feed'] as const,
  feed: (filters: JobFeedFilters = {}) => [...jobKeys.feeds(), filters] as const,
  details: () => [...jobKeys.all, 'detail'] as const,
  detail: (id: string) => [...jobKeys.details(), id] as const,
};
