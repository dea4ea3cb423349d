import { DashboardStatsSchema, type DashboardStats } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-provider';
import { dashboardKeys } from './keys';

/** GET /api/dashboard/stats: the caller's workspace counts. */
export function getDashboardStats({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardStats> {
  return apiRequest(DashboardStatsSchema, '/api/dashboard/stats', { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats(), queryFn: ({ signal }) => getDashboardStats({ signal }) });
}

export function useDashboardStats() {
  const { user } = useAuth();
  return useQuery({ ...dashboardStatsQueryOptions(), enabled: Boolean(user) });
}
