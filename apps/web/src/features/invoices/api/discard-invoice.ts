import { invoiceEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';

/** DELETE /api/invoices/:id — discard a draft never sent. */
export function discardInvoice(id: string): Promise<{ ok: true }> {
  return callEndpoint(invoiceEndpoints.discard, { params: { id } });
}

export function useDiscardInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardInvoice, onSuccess: () => invalidateAfter(queryClient, 'invoice') });
}
