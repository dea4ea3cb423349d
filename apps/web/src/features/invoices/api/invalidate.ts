import type { Invoice } from '@fieldbook/contract';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';
import { invoiceKeys } from './keys';

/** A write's answer is the invoice as saved: shown at once, then the job's list and the invoices are asked again. */
export function storeInvoice(queryClient: QueryClient, invoice: Invoice): Promise<unknown> {
  queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
  return invalidateAfter(queryClient, 'invoice');
}
