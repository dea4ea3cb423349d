import { workspaceEndpoints, type SaveMyWorkspaceBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { workspaceKeys } from './keys';

/** GET /api/my-workspace: the caller's workspace, or null with a suggested name. */
export function useMyWorkspace() {
  return useQuery({ queryKey: workspaceKeys.mine(), queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.mine, { signal }) });
}

/** PUT /api/my-workspace. A new or changed workspace changes what every work screen shows. */
export function useSaveMyWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMyWorkspaceBody) => callEndpoint(workspaceEndpoints.saveMine, { body }),
    // Everything: the profile's workspace link, and every work screen if the workspace is new. Not awaited: the
    // settings form is keyed by the saved row, so the refetch remounts it, and the caller's own onSuccess (its
    // success message) must run before that or it is dropped with the unmounted form.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
