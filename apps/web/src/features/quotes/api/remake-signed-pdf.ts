import { quoteEndpoints, type Quote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

/** POST /api/quotes/:id/signed-pdf — make an approved quote's signed PDF again (deleted from the job, or failed). */
export function remakeSignedPdf(id: string): Promise<Quote> {
  return callEndpoint(quoteEndpoints.remakeSignedPdf, { params: { id } });
}

export function useRemakeSignedPdf() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: remakeSignedPdf, onSuccess: (next) => storeQuote(queryClient, next) });
}
