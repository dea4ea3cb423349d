import { paymentEndpoints, type OnlinePayment } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';

/** POST /api/online-payments/:id/refund — a refund through Stripe, recorded on the invoice. */
export function refundOnlinePayment(id: string, amountCents: number): Promise<OnlinePayment> {
  return callEndpoint(paymentEndpoints.refund, { params: { id }, body: { amount_cents: amountCents } });
}

/** The invoice (its payments and balance) and its online payments change. */
export function useRefundOnlinePayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (v: { id: string; amountCents: number }) => refundOnlinePayment(v.id, v.amountCents), onSuccess: () => invalidateAfter(queryClient, 'invoice') });
}
