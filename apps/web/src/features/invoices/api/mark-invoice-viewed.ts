import { invoiceEndpoints } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** POST /api/public/invoices/:token/viewed — the page was rendered in a person's browser (the client side's rule). */
export function markInvoiceViewed(token: string) {
  return callEndpoint(invoiceEndpoints.publicViewed, { params: { token } });
}

/** Told once per page; a failure changes nothing the client sees. */
export const useMarkInvoiceViewed = (token: string) => useMutation({ mutationFn: () => markInvoiceViewed(token), retry: 1 });
