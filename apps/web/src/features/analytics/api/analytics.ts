import { analyticsEndpoints, workspaceEndpoints, WORKSPACES_PAGE_MAX } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

const keys = {
  recordings: (days: number, workspaceId: string | null) => ['analytics', 'recordings', days, workspaceId ?? 'all'] as const,
  workspaces: ['analytics', 'workspaces'] as const,
};

/** GET /api/analytics/recordings: the four panels, aggregated on the server. */
export function useRecordingAnalytics(days: number, workspaceId: string | null) {
  return useQuery({
    queryKey: keys.recordings(days, workspaceId),
    queryFn: ({ signal }) => callEndpoint(analyticsEndpoints.recordings, { query: { days, ...(workspaceId ? { workspace_id: workspaceId } : {}) }, signal, timeoutMs: 15_000 }),
    placeholderData: keepPreviousData,
  });
}

/** The Workspace select's options: every workspace by name (spec 002 §5). */
export function useAnalyticsWorkspaces() {
  return useQuery({ queryKey: keys.workspaces, queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.list, { query: { limit: WORKSPACES_PAGE_MAX }, signal }), staleTime: 60_000 });
}
