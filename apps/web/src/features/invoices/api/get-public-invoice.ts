import { invoiceEndpoints, type PublicInvoice } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

/** GET /api/public/invoices/:token — the client's page, no session (the link is the permission). */
export function getPublicInvoice(token: string, signal?: AbortSignal): Promise<PublicInvoice> {
  return callEndpoint(invoiceEndpoints.publicView, { params: { token }, signal });
}

/** Asked once: a refused link (invalid, expired, rate-limited) is shown, not retried; no refetch on focus. */
export const usePublicInvoice = (token: string) =>
  useQuery({ queryKey: invoiceKeys.public(token), queryFn: ({ signal }) => getPublicInvoice(token, signal), retry: false, refetchOnWindowFocus: false });
