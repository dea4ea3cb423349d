import { quoteEndpoints, type PublicQuote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** POST /api/public/quotes/:token/decline — with an optional reason. */
export function declineQuote(token: string, reason: string): Promise<PublicQuote> {
  return callEndpoint(quoteEndpoints.publicDecline, { params: { token }, body: { reason } });
}

/** The answer is the declined page: it replaces the shown one. */
export function useDeclineQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (reason: string) => declineQuote(token, reason), onSuccess: (page) => queryClient.setQueryData(quoteKeys.public(token), page) });
}
