import { clientMessageEndpoints, type UnsubscribeState } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { clientMessageKeys } from './keys';

/**
 * GET /api/public/unsubscribe/:token — whose messages and which address; marks nothing (mail scanners open links).
 * Asked once: a refused link is shown, not retried.
 */
export const useUnsubscribeState = (token: string) =>
  useQuery({
    queryKey: clientMessageKeys.unsubscribe(token),
    queryFn: ({ signal }) => callEndpoint(clientMessageEndpoints.unsubscribeState, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** POST /api/public/unsubscribe/:token — the person pressed the button: the address is opted out. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(clientMessageEndpoints.unsubscribe, { params: { token } }),
    onSuccess: (state: UnsubscribeState) => queryClient.setQueryData(clientMessageKeys.unsubscribe(token), state),
  });
}
