import { groupEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { assistantKeys } from './keys';

/** GET /api/groups?workspace_id=: the groups whose assistant the user may pick (their groups of their workspace). */
export function useAssistantGroups(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: assistantKeys.groups(workspaceId),
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.list, { query: { workspace_id: workspaceId }, signal }),
    enabled,
    select: (data) => data.groups,
  });
}

/** GET /api/groups/:id: the chosen group, for the header's name. */
export function useAssistantGroup(id: string | null) {
  return useQuery({
    queryKey: assistantKeys.group(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}
