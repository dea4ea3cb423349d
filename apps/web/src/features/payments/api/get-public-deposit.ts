import { paymentEndpoints, type PublicDeposit } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** GET /api/public/quote-deposits/:token — an approved quote's deposit and whether it is paid. */
export function getPublicDeposit(token: string, signal?: AbortSignal): Promise<PublicDeposit> {
  return callEndpoint(paymentEndpoints.publicDeposit, { params: { token }, signal });
}

export const usePublicDeposit = (token: string, confirming = false) =>
  useQuery({
    queryKey: paymentKeys.publicDeposit(token),
    queryFn: ({ signal }) => getPublicDeposit(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (confirming && q.state.data?.status === 'unpaid' && q.state.dataUpdateCount < 20 ? 3000 : false),
  });
