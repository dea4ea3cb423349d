import { runtimeTimeZone, WORKSPACES_PAGE_SIZE, workspaceEndpoints, type WorkspaceBody } from '@fieldbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { workspaceKeys } from './keys';

/** Admin: GET /api/workspaces, searched on the server, one page (WORKSPACES_PAGE_SIZE, from 0) at a time. */
export function useWorkspaces(q: string, deleted: boolean, page: number) {
  return useQuery({
    queryKey: workspaceKeys.list(q, deleted, page),
    queryFn: ({ signal }) =>
      callEndpoint(workspaceEndpoints.list, {
        query: { q: q || undefined, deleted: deleted ? 'true' : undefined, limit: WORKSPACES_PAGE_SIZE, offset: page * WORKSPACES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkspaceUsers(workspaceId: string | null) {
  return useQuery({
    queryKey: workspaceKeys.users(workspaceId ?? ''),
    queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.users, { params: { id: workspaceId! }, signal }),
    enabled: Boolean(workspaceId),
  });
}

export function useUnassignedUsers(enabled: boolean) {
  return useQuery({ queryKey: workspaceKeys.unassigned(), queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.unassignedUsers, { signal }), enabled });
}

/** Every admin write changes counts, lists and who is where: refresh the whole feature's cache. */
function useWorkspaceWrite<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }) });
}

/** A new workspace starts in the creating admin's browser zone; its owner can change it in My Workspace. */
export const useCreateWorkspace = () => useWorkspaceWrite((body: WorkspaceBody) => callEndpoint(workspaceEndpoints.create, { body: { time_zone: runtimeTimeZone(), ...body } }));
export const useUpdateWorkspace = () =>
  useWorkspaceWrite(({ id, body }: { id: string; body: WorkspaceBody }) => callEndpoint(workspaceEndpoints.update, { params: { id }, body }));
export const useDeleteWorkspace = () => useWorkspaceWrite((id: string) => callEndpoint(workspaceEndpoints.remove, { params: { id } }));
export const useRestoreWorkspace = () => useWorkspaceWrite((id: string) => callEndpoint(workspaceEndpoints.restore, { params: { id } }));
export const useAssignUsers = () =>
  useWorkspaceWrite(({ id, userIds }: { id: string; userIds: string[] }) => callEndpoint(workspaceEndpoints.assignUsers, { params: { id }, body: { user_ids: userIds } }));
export const useRemoveWorkspaceUser = () =>
  useWorkspaceWrite(({ id, userId }: { id: string; userId: string }) => callEndpoint(workspaceEndpoints.removeUser, { params: { id, userId } }));
