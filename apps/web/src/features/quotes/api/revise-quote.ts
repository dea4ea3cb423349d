import { quoteEndpoints, type Quote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

/** POST /api/quotes/:id/revise — a new draft revision; the sent one stays live until the revision is sent. */
export function reviseQuote(id: string): Promise<Quote> {
  return callEndpoint(quoteEndpoints.revise, { params: { id } });
}

export function useReviseQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviseQuote, onSuccess: (next) => storeQuote(queryClient, next) });
}
