import { invoiceEndpoints, type Invoice, type PaymentBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

/** POST /api/invoices/:id/payments — a payment received by hand, or a refund. */
export function recordPayment(id: string, body: PaymentBody): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.recordPayment, { params: { id }, body });
}

export function useRecordPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: PaymentBody) => recordPayment(id, body), onSuccess: (saved) => storeInvoice(queryClient, saved) });
}
