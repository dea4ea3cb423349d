import { quoteEndpoints, type Quote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

/** POST /api/quotes/:id/withdraw — the sent quote's link stops showing it; it can no longer be approved. */
export function withdrawQuote(id: string): Promise<Quote> {
  return callEndpoint(quoteEndpoints.withdraw, { params: { id } });
}

export function useWithdrawQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawQuote, onSuccess: (next) => storeQuote(queryClient, next) });
}
