import { dashboardEndpoints, type HomepageData } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { homeKeys } from './keys';

/** GET /api-fast/optimized/homepage-data: the three home lists in one request (one SQL statement on the server). */
export function getHomepageData({ signal }: { signal?: AbortSignal } = {}): Promise<HomepageData> {
  return callEndpoint(dashboardEndpoints.homepageData, { signal });
}

export function homepageDataQueryOptions() {
  return queryOptions({ queryKey: homeKeys.data('optimized'), queryFn: ({ signal }) => getHomepageData({ signal }) });
}

export function useHomepageData({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...homepageDataQueryOptions(), enabled: Boolean(user) && enabled });
}
