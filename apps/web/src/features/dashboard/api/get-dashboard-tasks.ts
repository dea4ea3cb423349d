import { dashboardEndpoints, type DashboardTaskList } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { dashboardKeys } from './keys';

/** GET /api/dashboard/tasks: the 20 newest tasks assigned to the user (the screen shows up to 5 pending of them). */
export function getDashboardTasks({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardTaskList> {
  return callEndpoint(dashboardEndpoints.tasks, { signal });
}

export function dashboardTasksQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.tasks(), queryFn: ({ signal }) => getDashboardTasks({ signal }) });
}

export function useDashboardTasks() {
  const { user } = useAuth();
  return useQuery({ ...dashboardTasksQueryOptions(), enabled: Boolean(user) });
}
