import { jobEndpoints, type JobList } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/jobs?search — New visit's job choices beyond the tray's (a job that already has visits gets another). */
export function searchJobs(search: string, signal?: AbortSignal): Promise<JobList> {
  return callEndpoint(jobEndpoints.list, { query: { search, limit: 20, exclude_status: 'completed' }, signal });
}

export function useJobSearch(search: string) {
  const text = search.trim();
  return useQuery({ queryKey: [...scheduleKeys.all, 'job-search', text], queryFn: ({ signal }) => searchJobs(text, signal), enabled: text.length >= 2, placeholderData: keepPreviousData });
}
