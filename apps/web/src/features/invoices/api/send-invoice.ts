import { invoiceEndpoints, type SentInvoice } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeInvoice } from './invalidate';

export type SendInvoiceInput = { id: string; contactId: string; methods: ('sms' | 'email')[] };

/** POST /api/invoices/:id/send — the invoice (its PDF by email) and its signed link to the client contact. */
export function sendInvoice({ id, contactId, methods }: SendInvoiceInput): Promise<SentInvoice> {
  return callEndpoint(invoiceEndpoints.send, { params: { id }, body: { contact_id: contactId, methods } });
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvoice, onSuccess: (sent) => storeInvoice(queryClient, sent.invoice) });
}
