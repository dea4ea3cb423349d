import { paymentScheduleEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';

/** DELETE /api/quotes/:id/payment-schedule — while none of its parts is invoiced (workspace admins). */
export function removePaymentSchedule(quoteId: string): Promise<{ ok: true }> {
  return callEndpoint(paymentScheduleEndpoints.remove, { params: { id: quoteId } });
}

export function useRemovePaymentSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePaymentSchedule, onSuccess: () => invalidateAfter(queryClient, 'invoice') });
}
