import { QUERY_ROOTS } from '../../../lib/query-roots';

/**
 * Query keys of the payments feature. Under the invoices' root: an invoice write (a payment recorded by hand, a void)
 * makes its online payments stale too, with no change to lib/query-roots.ts.
 */
export const paymentKeys = {
  all: [...QUERY_ROOTS.invoices, 'payments'] as const,
  status: () => [...paymentKeys.all, 'status'] as const,
  invoice: (invoiceId: string) => [...paymentKeys.all, 'invoice', invoiceId] as const,
  quoteDeposit: (quoteId: string) => [...paymentKeys.all, 'quote-deposit', quoteId] as const,
  publicInvoice: (token: string) => [...paymentKeys.all, 'public-invoice', token] as const,
  publicDeposit: (token: string) => [...paymentKeys.all, 'public-deposit', token] as const,
};
