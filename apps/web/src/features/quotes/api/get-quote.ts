import { quoteEndpoints, type Quote } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/quotes/:id — one quote with its items, totals and approval. */
export function getQuote(id: string, signal?: AbortSignal): Promise<Quote> {
  return callEndpoint(quoteEndpoints.get, { params: { id }, signal });
}

/** While the server's job makes the signed PDF, the quote is asked again this often (a few seconds' work). */
const PDF_PENDING_POLL_MS = 5000;

/** The quote `id` (nothing asked while it is null: a new quote not saved yet); polled while its signed PDF is being made. */
export const useQuote = (id: string | null) =>
  useQuery({
    queryKey: quoteKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getQuote(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.approval?.pdf_status === 'pending' ? PDF_PENDING_POLL_MS : false),
  });
