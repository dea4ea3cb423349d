import { quoteEndpoints, type DiscardedQuote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** DELETE /api/quotes/:id — discard a draft (a draft revision: the live quote stays as it is). */
export function discardQuote(id: string): Promise<DiscardedQuote> {
  return callEndpoint(quoteEndpoints.discard, { params: { id } });
}

export function useDiscardQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardQuote,
    // The job's list and the live quote (its draft_revision_id) are asked again; the discarded one is not (it would
    // answer 404 while its dialog moves to the live one), and is dropped once nothing shows it.
    onSuccess: (_answer, id) => {
      const gone = JSON.stringify(quoteKeys.detail(id));
      return queryClient.invalidateQueries({ queryKey: quoteKeys.all, predicate: (query) => JSON.stringify(query.queryKey) !== gone });
    },
  });
}
