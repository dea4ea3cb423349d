import { quoteEndpoints, type MarkQuoteApprovedBody, type Quote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

/** POST /api/quotes/:id/mark-approved — the client approved outside the page (verbal, paper, other), recorded by hand. */
export function markQuoteApproved({ id, body }: { id: string; body: MarkQuoteApprovedBody }): Promise<Quote> {
  return callEndpoint(quoteEndpoints.markApproved, { params: { id }, body });
}

export function useMarkQuoteApproved() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markQuoteApproved, onSuccess: (next) => storeQuote(queryClient, next) });
}
