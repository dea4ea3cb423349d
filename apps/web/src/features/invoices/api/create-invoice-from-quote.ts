import { invoiceEndpoints, type Invoice } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

/** POST /api/jobs/:id/invoices/from-quote — a draft of an approved quote's chosen lines. */
export function createInvoiceFromQuote(jobId: string, quoteId: string): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.createFromQuote, { params: { id: jobId }, body: { quote_id: quoteId } });
}

export function useCreateInvoiceFromQuote(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (quoteId: string) => createInvoiceFromQuote(jobId, quoteId), onSuccess: (saved) => storeInvoice(queryClient, saved) });
}
