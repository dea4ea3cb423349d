import { TaskListSchema, type TaskList } from '@fieldbook/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-provider';
import { taskKeys, type TaskListFilters } from './keys';

export { taskKeys, searchKeys, JOBS_QUERY_ROOT, type TaskListFilters } from './keys';

export function getTasks(filters: TaskListFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<TaskList> {
  return apiRequest(TaskListSchema, '/api/tasks', { query: filters, signal });
}

export function tasksQueryOptions(filters: TaskListFilters = {}) {
  return queryOptions({ queryKey: taskKeys.list(filters), queryFn: ({ signal }) => getTasks(filters, { signal }) });
}

/** GET /api/tasks (newest first; the server's default page is 200, max 500). */
export function useTasks(filters: TaskListFilters = {}, options: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    ...tasksQueryOptions(filters),
    enabled: Boolean(user) && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}
