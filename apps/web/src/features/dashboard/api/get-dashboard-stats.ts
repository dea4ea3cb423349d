import { dashboardEndpoints, type DashboardStats } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { dashboardKeys } from './keys';

/** GET /api/dashboard/stats: the caller's workspace counts. */
export function getDashboardStats({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardStats> {
  return callEndpoint(dashboardEndpoints.stats, { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats(), queryFn: ({ signal }) => getDashboardStats({ signal }) });
}

export function useDashboardStats() {
  const { user } = useAuth();
  return useQuery({ ...dashboardStatsQueryOptions(), enabled: Boolean(user) });
}
