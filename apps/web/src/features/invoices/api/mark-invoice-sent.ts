import { invoiceEndpoints, type Invoice } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

/** POST /api/invoices/:id/mark-sent — the draft was handed to the client: issued today, due date fixed, locked. */
export function markInvoiceSent(id: string): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.markSent, { params: { id } });
}

export function useMarkInvoiceSent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markInvoiceSent, onSuccess: (saved) => storeInvoice(queryClient, saved) });
}
