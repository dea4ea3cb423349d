import type { Quote } from '@fieldbook/contract';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';
import { quoteKeys } from './keys';

/** After a quote write: what lib/query-roots.ts says a quote change makes stale (the job's list and the quotes). */
export function invalidateQuoteViews(queryClient: QueryClient): Promise<unknown> {
  return invalidateAfter(queryClient, 'quote');
}

/** A write's answer is the quote as saved: shown at once (no loading between), then the views are asked again. */
export function storeQuote(queryClient: QueryClient, quote: Quote): Promise<unknown> {
  queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
  return invalidateQuoteViews(queryClient);
}
