import { paymentEndpoints, type PaymentsStatus } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** GET /api/payments/status — whether clients can pay online, why not, and the workspace's connected Stripe account. */
export function getPaymentsStatus(signal?: AbortSignal): Promise<PaymentsStatus> {
  return callEndpoint(paymentEndpoints.status, { signal });
}

/**
 * `waitForStripe`: just back from Stripe's onboarding — asked again every 3 s until Stripe's account.updated turned
 * payments on (it may arrive seconds after the browser), for at most a minute.
 */
export const usePaymentsStatus = (opts: { waitForStripe?: boolean } = {}) => {
  const [until] = useState(() => (opts.waitForStripe ? Date.now() + 60_000 : 0));
  return useQuery({
    queryKey: paymentKeys.status(),
    queryFn: ({ signal }) => getPaymentsStatus(signal),
    refetchInterval: (q) => (until > Date.now() && q.state.data?.enabled !== true ? 3000 : false),
  });
};
