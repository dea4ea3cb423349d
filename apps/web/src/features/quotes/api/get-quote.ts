import { quoteEndpoints, type Quote } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/quotes/:id — one quote with its items, totals and approval. */
export function getQuote(id: string, signal?: AbortSignal): Promise<Quote> {
  return callEndpoint(quoteEndpoints.get, { params: { id }, signal });
}

/** The quote `id` (nothing asked while it is null: a new quote not saved yet). */
export const useQuote = (id: string | null) => useQuery({ queryKey: quoteKeys.detail(id ?? ''), queryFn: ({ signal }) => getQuote(id!, signal), enabled: Boolean(id) });
