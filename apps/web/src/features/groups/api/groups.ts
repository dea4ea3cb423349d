import { groupEndpoints, type GroupBody, type GroupRole, type InviteBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';
import { groupKeys } from './keys';

/** GET /api/groups: groups the caller created or belongs to. */
export function useGroups() {
  return useQuery({ queryKey: groupKeys.list(), queryFn: ({ signal }) => callEndpoint(groupEndpoints.list, { signal }) });
}

export function useGroup(id: string) {
  return useQuery({ queryKey: groupKeys.detail(id), queryFn: ({ signal }) => callEndpoint(groupEndpoints.get, { params: { id }, signal }) });
}

export function useGroupMembers(id: string | null) {
  return useQuery({
    queryKey: groupKeys.members(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.members, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
}

/** A group write changes cards, counts and member lists, and what other screens show of groups (STALE_AFTER.group). */
function useGroupWrite<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAfter(queryClient, 'group') });
}

export const useCreateGroup = () => useGroupWrite((body: GroupBody) => callEndpoint(groupEndpoints.create, { body }));
export const useUpdateGroup = () => useGroupWrite(({ id, body }: { id: string; body: GroupBody }) => callEndpoint(groupEndpoints.update, { params: { id }, body }));
export const useDeleteGroup = () => useGroupWrite((id: string) => callEndpoint(groupEndpoints.remove, { params: { id } }));
export const useUpdateMemberRole = () =>
  useGroupWrite(({ groupId, memberId, role }: { groupId: string; memberId: string; role: GroupRole }) =>
    callEndpoint(groupEndpoints.updateMember, { params: { id: groupId, memberId }, body: { role } }),
  );
export const useRemoveMember = () =>
  useGroupWrite(({ groupId, memberId }: { groupId: string; memberId: string }) => callEndpoint(groupEndpoints.removeMember, { params: { id: groupId, memberId } }));
export const useInvite = () => useGroupWrite(({ groupId, body }: { groupId: string; body: InviteBody }) => callEndpoint(groupEndpoints.invite, { params: { id: groupId }, body }));
