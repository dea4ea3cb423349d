import { clientHubEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { clientHubKeys } from './keys';

/** POST /api/public/hub/:token/code — a one-time code to the client's own phone or mailbox. */
export const useSendHubCode = (token: string) =>
  useMutation({ mutationFn: (method: 'sms' | 'email') => callEndpoint(clientHubEndpoints.publicSendCode, { params: { token }, body: { method } }) });

/** POST /api/public/hub/:token/confirm — a correct code sets this browser's session cookie; the hub is then read again. */
export function useConfirmHubCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(clientHubEndpoints.publicConfirm, { params: { token }, body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientHubKeys.public(token) }),
  });
}
