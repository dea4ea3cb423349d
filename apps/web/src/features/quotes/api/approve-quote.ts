import { quoteEndpoints, type ApprovedQuote, type ApproveQuoteBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** POST /api/public/quotes/:token/approve — the homeowner approves and signs. */
export function approveQuote(token: string, body: ApproveQuoteBody): Promise<ApprovedQuote> {
  return callEndpoint(quoteEndpoints.publicApprove, { params: { token }, body });
}

/** Leaves for Stripe's page (the deposit required on approval); the browser comes back to the quote's link. */
export function goToDepositCheckout(url: string): void {
  window.location.assign(url);
}

/**
 * The answer is the approved page: it replaces the shown one. With the deposit required (issue 33) the answer also
 * names Stripe's page for the deposit, and the browser goes straight there; without it (Stripe could not be reached)
 * the approved page offers Pay deposit.
 */
export function useApproveQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveQuoteBody) => approveQuote(token, body),
    onSuccess: ({ deposit_checkout_url: checkout, ...page }) => {
      queryClient.setQueryData(quoteKeys.public(token), page);
      if (checkout) goToDepositCheckout(checkout);
    },
  });
}
