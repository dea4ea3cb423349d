import { analyticsEndpoints, workspaceEndpoints, WORKSPACES_PAGE_SIZE } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { browserTimeZone } from '../../../lib/time-zone';

const keys = {
  recordings: (days: number, workspaceId: string | null) => ['analytics', 'recordings', days, workspaceId ?? 'all'] as const,
  workspaces: (q: string) => ['analytics', 'workspaces', q] as const,
};

/** GET /api/analytics/recordings: the four panels, aggregated on the server; days are this browser's days. */
export function useRecordingAnalytics(days: number, workspaceId: string | null) {
  return useQuery({
    queryKey: keys.recordings(days, workspaceId),
    queryFn: ({ signal }) => {
      const timeZone = browserTimeZone();
      const query = { days, ...(workspaceId ? { workspace_id: workspaceId } : {}), ...(timeZone ? { time_zone: timeZone } : {}) };
      return callEndpoint(analyticsEndpoints.recordings, { query, signal, timeoutMs: 15_000 });
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The Workspace select's options (spec 002 §5, by name): the first WORKSPACES_PAGE_SIZE workspaces matching what is
 * typed, searched on the server, so every workspace can be found however many there are (a list of all stopped at 500).
 */
export function useAnalyticsWorkspaces(q: string) {
  return useQuery({
    queryKey: keys.workspaces(q),
    queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.list, { query: { q: q || undefined, limit: WORKSPACES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
