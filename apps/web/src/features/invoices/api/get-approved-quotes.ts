import { quoteEndpoints, type QuoteList } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

/** The job's approved quotes (GET /api/jobs/:id/quotes, filtered): what "From approved quote" offers. */
export async function getApprovedQuotes(jobId: string, signal?: AbortSignal): Promise<QuoteList['quotes']> {
  const list = await callEndpoint(quoteEndpoints.listForJob, { params: { id: jobId }, signal });
  return list.quotes.filter((q) => q.status === 'approved');
}

export const approvedQuotesQueryOptions = (jobId: string) => queryOptions({ queryKey: invoiceKeys.approvedQuotes(jobId), queryFn: ({ signal }) => getApprovedQuotes(jobId, signal) });

export const useApprovedQuotes = (jobId: string) => useQuery(approvedQuotesQueryOptions(jobId));
