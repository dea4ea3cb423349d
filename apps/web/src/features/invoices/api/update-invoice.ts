import { invoiceEndpoints, type Invoice, type InvoiceBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

/** PUT /api/invoices/:id — edit a draft. */
export function updateInvoice(id: string, body: InvoiceBody): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.update, { params: { id }, body });
}

export function useUpdateInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: InvoiceBody) => updateInvoice(id, body), onSuccess: (saved) => storeInvoice(queryClient, saved) });
}
