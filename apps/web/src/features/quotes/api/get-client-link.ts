import { quoteEndpoints, type QuoteClientLink } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * GET /api/quotes/:id/client-link — a fresh signed link to the sent quote. Asked when Copy Client Link is pressed
 * (a mutation, not a query: nothing to keep in the cache, and each press may get a new link).
 */
export function getQuoteClientLink(id: string): Promise<QuoteClientLink> {
  return callEndpoint(quoteEndpoints.clientLink, { params: { id } });
}

export const useQuoteClientLink = () => useMutation({ mutationFn: getQuoteClientLink });
