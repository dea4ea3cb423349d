import { groupEndpoints, type InvitationSignUpBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';
import { callEndpoint } from '../../../lib/call-endpoint';
import { groupKeys } from './keys';

/** Public: the invitation's group and role. Not retried: a 404 or 410 is the answer, not a glitch. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: groupKeys.invitation(token),
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.preview, { params: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Texts the one-time code to the invited phone (accepting needs it). */
export const useSendInvitationCode = () => useMutation({ mutationFn: (token: string) => callEndpoint(groupEndpoints.sendCode, { params: { token } }) });

/** Accepting adds a group (and the contacts shared with it) to what the caller sees. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, code }: { token: string; code: string }) => callEndpoint(groupEndpoints.accept, { params: { token }, body: { code } }),
    onSuccess: () => void invalidateAfter(queryClient, 'group'),
  });
}
export const useDeclineInvitation = () => useMutation({ mutationFn: (token: string) => callEndpoint(groupEndpoints.decline, { params: { token } }) });
export const useInvitationSignUp = () =>
  useMutation({ mutationFn: ({ token, body }: { token: string; body: InvitationSignUpBody }) => callEndpoint(groupEndpoints.signUp, { params: { token }, body }) });

/** Pending invitations to the phone on the caller's profile (the Groups screen lists them). */
export function useMyInvitations() {
  return useQuery({ queryKey: groupKeys.myInvitations(), queryFn: ({ signal }) => callEndpoint(groupEndpoints.mineList, { signal }) });
}

/** /group-invite/:inviteId: the signed-in user's invitation by id (only one to the phone on their profile). */
export function useMyInvitation(id: string) {
  return useQuery({
    queryKey: groupKeys.myInvitation(id),
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.mine, { params: { id }, signal }),
    retry: false,
    staleTime: Infinity,
  });
}
export const useSendMyInvitationCode = () => useMutation({ mutationFn: (id: string) => callEndpoint(groupEndpoints.mineSendCode, { params: { id } }) });
export function useAcceptMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) => callEndpoint(groupEndpoints.mineAccept, { params: { id }, body: { code } }),
    onSuccess: () => void invalidateAfter(queryClient, 'group'),
  });
}
export const useDeclineMyInvitation = () => useMutation({ mutationFn: (id: string) => callEndpoint(groupEndpoints.mineDecline, { params: { id } }) });
