import { JobListSchema, STANDARD_HOME_REQUESTS, TaskListSchema, type HomepageData } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-provider';
import { toHomepageData } from '../lib/standard-home';
import { homeKeys } from './keys';

const [TASKS_PATH, JOBS_PATH] = STANDARD_HOME_REQUESTS;

/**
 * The Standard mode: the ordinary endpoints, one request per card (the paths the server's performance
 * measurement replays as "original"), mapped into the optimized endpoint's shape.
 */
export async function getStandardHomeData({ signal }: { signal?: AbortSignal } = {}): Promise<HomepageData> {
  const [tasks, jobs] = await Promise.all([
    apiRequest(TaskListSchema, TASKS_PATH, { signal }),
    apiRequest(JobListSchema, JOBS_PATH, { signal, timeoutMs: 15_000 }),
  ]);
  return toHomepageData(tasks.tasks, jobs.jobs);
}

export function standardHomeDataQueryOptions() {
  return queryOptions({ queryKey: homeKeys.data('standard'), queryFn: ({ signal }) => getStandardHomeData({ signal }) });
}

export function useStandardHomeData({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...standardHomeDataQueryOptions(), enabled: Boolean(user) && enabled });
}
