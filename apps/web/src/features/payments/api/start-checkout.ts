import { paymentEndpoints, type CheckoutBody } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** POST /api/public/invoice-payments/:token/checkout — a Stripe Checkout Session for the invoice: where to send the browser. */
export function startInvoiceCheckout(token: string, body: CheckoutBody): Promise<{ url: string }> {
  return callEndpoint(paymentEndpoints.publicInvoiceCheckout, { params: { token }, body });
}

/** POST /api/public/quote-deposits/:token/checkout — the same for an approved quote's deposit. */
export function startDepositCheckout(token: string): Promise<{ url: string }> {
  return callEndpoint(paymentEndpoints.publicDepositCheckout, { params: { token } });
}

/** Leaves for Stripe's page: the browser is redirected there (and back to the link after paying). */
export function goTo(url: string): void {
  window.location.assign(url);
}

export const useStartInvoiceCheckout = (token: string) => useMutation({ mutationFn: (body: CheckoutBody) => startInvoiceCheckout(token, body), onSuccess: ({ url }) => goTo(url) });
export const useStartDepositCheckout = (token: string) => useMutation({ mutationFn: () => startDepositCheckout(token), onSuccess: ({ url }) => goTo(url) });
