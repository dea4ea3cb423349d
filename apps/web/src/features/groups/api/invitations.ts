import { groupEndpoints, type InvitationSignUpBody } from '@fieldbook/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
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

export const useAcceptInvitation = () => useMutation({ mutationFn: (token: string) => callEndpoint(groupEndpoints.accept, { params: { token } }) });
export const useDeclineInvitation = () => useMutation({ mutationFn: (token: string) => callEndpoint(groupEndpoints.decline, { params: { token } }) });
export const useInvitationSignUp = () =>
  useMutation({ mutationFn: ({ token, body }: { token: string; body: InvitationSignUpBody }) => callEndpoint(groupEndpoints.signUp, { params: { token }, body }) });
