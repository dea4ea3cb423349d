import { quoteEndpoints, type PriceBook } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/quote-items/suggestions — items of the workspace's earlier quotes matching `q`, most used first. */
export function getPriceBook(q: string, signal?: AbortSignal): Promise<PriceBook> {
  return callEndpoint(quoteEndpoints.priceBook, { query: { q }, signal });
}

/** The price book as the contractor types an item's name (from two characters on). */
export const usePriceBook = (q: string) =>
  useQuery({ queryKey: quoteKeys.priceBook(q), queryFn: ({ signal }) => getPriceBook(q, signal), enabled: q.trim().length >= 2, placeholderData: keepPreviousData, staleTime: 30_000 });
