import { paymentScheduleEndpoints, type Invoice } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

/** POST /api/payment-schedule-parts/:id/invoice — a draft invoice of one part (any member). */
export function invoiceSchedulePart(partId: string): Promise<Invoice> {
  return callEndpoint(paymentScheduleEndpoints.invoicePart, { params: { id: partId } });
}

export function useInvoiceSchedulePart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: invoiceSchedulePart, onSuccess: (saved) => storeInvoice(queryClient, saved) });
}
