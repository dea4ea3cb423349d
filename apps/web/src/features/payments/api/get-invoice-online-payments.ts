import { paymentEndpoints, type InvoiceOnlinePayments } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** GET /api/invoices/:id/online-payments — the invoice's online payments and their state, and whether Pay is offered. */
export function getInvoiceOnlinePayments(invoiceId: string, signal?: AbortSignal): Promise<InvoiceOnlinePayments> {
  return callEndpoint(paymentEndpoints.forInvoice, { params: { id: invoiceId }, signal });
}

export const useInvoiceOnlinePayments = (invoiceId: string) =>
  useQuery({ queryKey: paymentKeys.invoice(invoiceId), queryFn: ({ signal }) => getInvoiceOnlinePayments(invoiceId, signal) });
