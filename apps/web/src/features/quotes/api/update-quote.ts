import { quoteEndpoints, type Quote, type QuoteBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

export type UpdateQuoteInput = { id: string; body: QuoteBody };

/** PUT /api/quotes/:id — edit a draft (a sent quote is changed by a revision). */
export function updateQuote({ id, body }: UpdateQuoteInput): Promise<Quote> {
  return callEndpoint(quoteEndpoints.update, { params: { id }, body });
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQuote, onSuccess: (saved) => storeQuote(queryClient, saved) });
}
