import { quoteEndpoints, type Quote, type QuoteBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

/** POST /api/jobs/:id/quotes — a new draft on the job. */
export function createQuote(jobId: string, body: QuoteBody): Promise<Quote> {
  return callEndpoint(quoteEndpoints.create, { params: { id: jobId }, body });
}

export function useCreateQuote(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: QuoteBody) => createQuote(jobId, body), onSuccess: (saved) => storeQuote(queryClient, saved) });
}
