import { paymentEndpoints, type PaymentsStatus } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** GET /api/payments/status — whether clients can pay online, why not, and the workspace's connected Stripe account. */
export function getPaymentsStatus(signal?: AbortSignal): Promise<PaymentsStatus> {
  return callEndpoint(paymentEndpoints.status, { signal });
}

export const usePaymentsStatus = () => useQuery({ queryKey: paymentKeys.status(), queryFn: ({ signal }) => getPaymentsStatus(signal) });
