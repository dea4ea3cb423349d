import { quoteEndpoints, type ApproveQuoteBody, type PublicQuote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** POST /api/public/quotes/:token/approve — the homeowner approves and signs. */
export function approveQuote(token: string, body: ApproveQuoteBody): Promise<PublicQuote> {
  return callEndpoint(quoteEndpoints.publicApprove, { params: { token }, body });
}

/** The answer is the approved page: it replaces the shown one. */
export function useApproveQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: ApproveQuoteBody) => approveQuote(token, body), onSuccess: (page) => queryClient.setQueryData(quoteKeys.public(token), page) });
}
