import { invoiceEndpoints, type Invoice, type InvoiceBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

/** POST /api/jobs/:id/invoices — a new draft on the job. */
export function createInvoice(jobId: string, body: InvoiceBody): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.create, { params: { id: jobId }, body });
}

export function useCreateInvoice(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: InvoiceBody) => createInvoice(jobId, body), onSuccess: (saved) => storeInvoice(queryClient, saved) });
}
