import { invoiceEndpoints } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** GET /api/invoices/:id/client-link — a fresh signed link to a sent invoice (asked when Copy Client Link is pressed). */
export function getInvoiceClientLink(id: string): Promise<{ link: string }> {
  return callEndpoint(invoiceEndpoints.clientLink, { params: { id } });
}

export const useInvoiceClientLink = () => useMutation({ mutationFn: getInvoiceClientLink });
