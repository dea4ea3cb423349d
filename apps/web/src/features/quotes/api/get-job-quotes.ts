import { quoteEndpoints, type QuoteList } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/jobs/:id/quotes — the job's quotes, newest first, each with its headline totals. */
export function getJobQuotes(jobId: string, signal?: AbortSignal): Promise<QuoteList> {
  return callEndpoint(quoteEndpoints.listForJob, { params: { id: jobId }, signal });
}

export const jobQuotesQueryOptions = (jobId: string) => queryOptions({ queryKey: quoteKeys.job(jobId), queryFn: ({ signal }) => getJobQuotes(jobId, signal) });

export const useJobQuotes = (jobId: string) => useQuery(jobQuotesQueryOptions(jobId));
