import { runtimeTimeZone, workspaceEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-provider';
import { callEndpoint } from '../../../lib/call-endpoint';
import { QUERY_ROOTS } from '../../../lib/query-roots';
import { useProfile } from '../../profile';

/**
 * GET /api/my-workspace, for the schedule: the workspace's time zone (the board's today) and whether the caller
 * schedules. Same key as the workspaces feature's query (['workspaces', 'mine']), so it is one cached answer.
 */
function useMyWorkspace() {
  return useQuery({ queryKey: [...QUERY_ROOTS.workspaces, 'mine'], queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.mine, { signal }), staleTime: 60_000 });
}

/**
 * The workspace's zone and whether the caller may schedule: the owner or an admin (the server's rule, which stays the
 * judge — a 403 shows its message). The web only hides what a member cannot do.
 */
export function useScheduleContext(): { timeZone: string | null; canSchedule: boolean } {
  const { user } = useAuth();
  const mine = useMyWorkspace();
  const workspace = mine.data?.workspace ?? null;
  const profile = useProfile().data;
  const canSchedule = Boolean(workspace && (workspace.owner_id === user?.id || profile?.role === 'admin'));
  // Without a workspace (or its answer) the board still opens on the browser's today and shows the server's error.
  const timeZone = workspace?.time_zone ?? (mine.isFetched ? runtimeTimeZone() : null);
  return { timeZone, canSchedule };
}
