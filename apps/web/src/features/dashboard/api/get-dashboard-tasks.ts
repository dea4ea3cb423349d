import { DashboardTaskListSchema, type DashboardTaskList } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-provider';
import { dashboardKeys } from './keys';

/** GET /api/dashboard/tasks: the workspace's 20 newest tasks (the screen shows up to 5 pending of them). */
export function getDashboardTasks({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardTaskList> {
  return apiRequest(DashboardTaskListSchema, '/api/dashboard/tasks', { signal });
}

export function dashboardTasksQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.tasks(), queryFn: ({ signal }) => getDashboardTasks({ signal }) });
}

export function useDashboardTasks() {
  const { user } = useAuth();
  return useQuery({ ...dashboardTasksQueryOptions(), enabled: Boolean(user) });
}
