import { jobEndpoints, type JobList } from '@fieldbook/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { nextPageOffset, JOBS_PAGE_SIZE } from '../lib/paging';
import { jobKeys, type JobFeedFilters, type JobListFilters } from './keys';

export { jobKeys, type JobFeedFilters, type JobListFilters } from './keys';

/** Jobs carry their tasks and documents, so a page can be slow on a big workspace (spec 001 §9: 15 s). */
export const JOBS_TIMEOUT_MS = 15_000;

export function getJobs(filters: JobListFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<JobList> {
  const { status, ...rest } = filters;
  return callEndpoint(jobEndpoints.list, {
    query: { ...rest, status: status === 'all' ? undefined : status, search: rest.search?.trim() || undefined },
    signal,
    timeoutMs: JOBS_TIMEOUT_MS,
  });
}

export function jobsQueryOptions(filters: JobListFilters = {}) {
  return queryOptions({ queryKey: jobKeys.list(filters), queryFn: ({ signal }) => getJobs(filters, { signal }) });
}

/** GET /api/jobs with offset/limit/status (the jobs table: pages of 10 with previous/next). */
export function useJobs(filters: JobListFilters = {}, options: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...jobsQueryOptions(filters), enabled: Boolean(user) && (options.enabled ?? true), placeholderData: keepPreviousData });
}

export function jobFeedQueryOptions(filters: JobFeedFilters = {}) {
  return infiniteQueryOptions({
    queryKey: jobKeys.feed(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getJobs({ ...filters, limit: JOBS_PAGE_SIZE, offset: pageParam }, { signal }),
    getNextPageParam: (lastPage, pages) => nextPageOffset(lastPage.jobs.length, pages.length, JOBS_PAGE_SIZE),
  });
}

/** The jobs dashboard's cards: limit=5, offset=page*5; another page is offered when a full page came back. */
export function useInfiniteJobs(filters: JobFeedFilters = {}, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  // A new filter keeps the current cards on screen until its first page arrives.
  return useInfiniteQuery({ ...jobFeedQueryOptions(filters), enabled: Boolean(user) && enabled, placeholderData: keepPreviousData });
}
