import { invoiceEndpoints, type VoidedInvoice, type VoidInvoiceBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';
import { invoiceKeys } from './keys';

/** POST /api/invoices/:id/void — void a sent invoice, optionally issuing a new draft in its place. */
export function voidInvoice(id: string, body: VoidInvoiceBody): Promise<VoidedInvoice> {
  return callEndpoint(invoiceEndpoints.void, { params: { id }, body });
}

export function useVoidInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoidInvoiceBody) => voidInvoice(id, body),
    onSuccess: async (done) => {
      if (done.reissued) queryClient.setQueryData(invoiceKeys.detail(done.reissued.id), done.reissued);
      await storeInvoice(queryClient, done.invoice);
    },
  });
}
