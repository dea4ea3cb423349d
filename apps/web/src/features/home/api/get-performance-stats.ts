import { dashboardEndpoints, type PerformanceStats } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { homeKeys } from './keys';

/**
 * GET /api-fast/optimized/performance-stats: the server runs both home paths several times and reports the mean
 * time and database round trips of each (shared by the workspace for 30 s); a measurement takes a while, so it gets a
 * longer timeout than the default.
 */
export function getPerformanceStats({ signal }: { signal?: AbortSignal } = {}): Promise<PerformanceStats> {
  return callEndpoint(dashboardEndpoints.performanceStats, { signal, timeoutMs: 15_000 });
}

export function performanceStatsQueryOptions() {
  return queryOptions({ queryKey: homeKeys.performanceStats(), queryFn: ({ signal }) => getPerformanceStats({ signal }), staleTime: 60_000 });
}

export function usePerformanceStats() {
  const { user } = useAuth();
  return useQuery({ ...performanceStatsQueryOptions(), enabled: Boolean(user) });
}
