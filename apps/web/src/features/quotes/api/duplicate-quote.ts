import { quoteEndpoints, type Quote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

/** POST /api/quotes/:id/duplicate — a new draft with the same options, items and terms on a job of the workspace. */
export function duplicateQuote({ id, jobId }: { id: string; jobId: string }): Promise<Quote> {
  return callEndpoint(quoteEndpoints.duplicate, { params: { id }, body: { job_id: jobId } });
}

export function useDuplicateQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: duplicateQuote, onSuccess: (copy) => storeQuote(queryClient, copy) });
}
