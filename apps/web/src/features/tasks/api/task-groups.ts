import { groupEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { QUERY_ROOTS } from '../../../lib/query-roots';
import { useProfile } from '../../profile';

/**
 * The groups a task of the caller's workspace may belong to: the caller's groups of that workspace (GET
 * /api/groups?workspace_id=; a crew member invited into another company's group does not see it here). Kept under
 * the groups root, so a group write refreshes it.
 */
export function useTaskGroups() {
  const profile = useProfile();
  const workspaceId = profile.data?.workspace_id ?? null;
  return useQuery({
    queryKey: [...QUERY_ROOTS.groups, 'task-options', workspaceId],
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.list, { query: { workspace_id: workspaceId! }, signal }),
    enabled: Boolean(workspaceId),
    select: (data) => data.groups,
  });
}
