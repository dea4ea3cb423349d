import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the quotes feature, under its root (what a quote write or a new notification makes stale: lib/query-roots.ts). */
export const quoteKeys = {
  all: QUERY_ROOTS.quotes,
  job: (jobId: string) => [...quoteKeys.all, 'job', jobId] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
  priceBook: (q: string) => [...quoteKeys.all, 'price-book', q] as const,
  public: (token: string) => [...quoteKeys.all, 'public', token] as const,
  preview: (id: string) => [...quoteKeys.all, 'preview', id] as const,
  settings: () => [...quoteKeys.all, 'settings'] as const,
};
