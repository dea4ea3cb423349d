import { paymentEndpoints, type PublicInvoicePayment } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** GET /api/public/invoice-payments/:token — whether and how much the client can pay online (no session: the link). */
export function getPublicInvoicePayment(token: string, signal?: AbortSignal): Promise<PublicInvoicePayment> {
  return callEndpoint(paymentEndpoints.publicInvoice, { params: { token }, signal });
}

/** `confirming`: back from Stripe's page, asked again every 3 s until the payment shows (the webhook may lag the browser). */
export const usePublicInvoicePayment = (token: string, confirming = false) =>
  useQuery({
    queryKey: paymentKeys.publicInvoice(token),
    queryFn: ({ signal }) => getPublicInvoicePayment(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (confirming && q.state.data && q.state.data.balance_cents > 0 && q.state.data.processing_cents === 0 && q.state.dataUpdateCount < 20 ? 3000 : false),
  });
