import { jobEndpoints, type JobList } from '@fieldbook/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { JOBS_QUERY_ROOT } from './keys';

/** The tasks page waits up to 15 s for jobs (spec 001 §9). */
export const JOBS_TIMEOUT_MS = 15_000;
const CHOICES_LIMIT = 100;

/**
 * Jobs to choose from in the Create New Task dialog: the 100 newest, or those matching what was typed
 * (GET /api/jobs?search=). Kept under the ['jobs'] root so any job or task change refreshes it.
 */
export function getJobChoices(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<JobList> {
  return callEndpoint(jobEndpoints.list, {
    query: { limit: CHOICES_LIMIT, search: search || undefined },
    timeoutMs: JOBS_TIMEOUT_MS,
    signal,
  });
}

export function jobChoicesQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...JOBS_QUERY_ROOT, 'choices', search] as const,
    queryFn: ({ signal }) => getJobChoices(search, { signal }),
  });
}

export function useJobChoices(search: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...jobChoicesQueryOptions(search.trim()), enabled: Boolean(user) && enabled, placeholderData: keepPreviousData });
}
