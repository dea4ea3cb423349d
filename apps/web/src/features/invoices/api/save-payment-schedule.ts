import { paymentScheduleEndpoints, type PaymentSchedule, type PaymentScheduleBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';

/** PUT /api/quotes/:id/payment-schedule — makes or changes an approved quote's schedule (workspace admins). */
export function savePaymentSchedule(quoteId: string, body: PaymentScheduleBody): Promise<PaymentSchedule> {
  return callEndpoint(paymentScheduleEndpoints.save, { params: { id: quoteId }, body });
}

export function useSavePaymentSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ quoteId, body }: { quoteId: string; body: PaymentScheduleBody }) => savePaymentSchedule(quoteId, body), onSuccess: () => invalidateAfter(queryClient, 'invoice') });
}
