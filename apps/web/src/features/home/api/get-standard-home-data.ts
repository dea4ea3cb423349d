import { documentEndpoints, jobEndpoints, STANDARD_HOME_QUERIES, taskEndpoints, type Document, type Job, type Task } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { homeKeys } from './keys';


/**
 * The Standard mode: the ordinary endpoints, one request per card (the queries the server's performance
 * measurement replays as "original"); the screen maps them into the optimized endpoint's shape (toHomepageData).
 */
export async function getStandardHomeData({ signal }: { signal?: AbortSignal } = {}): Promise<{ tasks: Task[]; jobs: Job[]; documents: Document[] }> {
  const [tasks, jobs, documents] = await Promise.all([
    callEndpoint(taskEndpoints.list, { query: STANDARD_HOME_QUERIES.tasks, signal }),
    callEndpoint(jobEndpoints.list, { query: STANDARD_HOME_QUERIES.jobs, signal, timeoutMs: 15_000 }),
    callEndpoint(documentEndpoints.list, { query: STANDARD_HOME_QUERIES.documents, signal }),
  ]);
  return { tasks: tasks.tasks, jobs: jobs.jobs, documents: documents.documents };
}

export function standardHomeDataQueryOptions() {
  return queryOptions({ queryKey: homeKeys.data('standard'), queryFn: ({ signal }) => getStandardHomeData({ signal }) });
}

export function useStandardHomeData({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...standardHomeDataQueryOptions(), enabled: Boolean(user) && enabled });
}
