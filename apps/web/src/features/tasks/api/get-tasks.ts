import { TASKS_PAGE_SIZE, taskEndpoints, type TaskList } from '@fieldbook/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { nextPageOffset } from '../lib/task-pages';
import { taskKeys, type TaskBoardFilters, type TaskListFilters } from './keys';

export { taskKeys, searchKeys, JOBS_QUERY_ROOT, type TaskBoardFilters, type TaskListFilters } from './keys';

/** GET /api/tasks: newest first, with `total` = the number of tasks matching the filters. */
export function getTasks(filters: TaskListFilters = {}, { signal }: { signal?: AbortSignal } = {}): Promise<TaskList> {
  const { status, q, ...rest } = filters;
  return callEndpoint(taskEndpoints.list, {
    query: { ...rest, status: status === 'all' ? undefined : status, q: q || undefined },
    signal,
  });
}

export function taskBoardQueryOptions(filters: TaskBoardFilters) {
  return infiniteQueryOptions({
    queryKey: taskKeys.board(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getTasks({ ...filters, limit: TASKS_PAGE_SIZE, offset: pageParam }, { signal }),
    getNextPageParam: (_lastPage, pages) => nextPageOffset(pages, TASKS_PAGE_SIZE),
  });
}

/** The Tasks by Assignee board: pages of TASKS_PAGE_SIZE, filtered by the server; Load More Tasks adds the next. */
export function useTaskBoard(filters: TaskBoardFilters) {
  const { user } = useAuth();
  // A new filter keeps the current board on screen until its first page arrives.
  return useInfiniteQuery({ ...taskBoardQueryOptions(filters), enabled: Boolean(user), placeholderData: keepPreviousData });
}
