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

/** Accepting adds a group (and the contacts shared with it) to what the caller sees. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (token: string) => callEndpoint(groupEndpoints.accept, { params: { token } }), onSuccess: () => void invalidateAfter(queryClient, 'group') });
}
export const useDeclineInvitation = () => useMutation({ mutationFn: (token: string) => callEndpoint(groupEndpoints.decline, { params: { token } }) });
export const useInvitationSignUp = () =>
  useMutation({ mutationFn: ({ token, body }: { token: string; body: InvitationSignUpBody }) => callEndpoint(groupEndpoints.signUp, { params: { token }, body }) });
