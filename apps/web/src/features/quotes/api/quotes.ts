import { quoteEndpoints, type ApproveQuoteBody, type QuoteBody } from '@fieldbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Query keys of the quotes feature. */
export const quoteKeys = {
  all: ['quotes'] as const,
  job: (jobId: string) => ['quotes', 'job', jobId] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
  priceBook: (q: string) => ['quotes', 'price-book', q] as const,
  public: (token: string) => ['quotes', 'public', token] as const,
};

/** GET /api/jobs/:id/quotes */
export const useJobQuotes = (jobId: string) => useQuery({ queryKey: quoteKeys.job(jobId), queryFn: ({ signal }) => callEndpoint(quoteEndpoints.listForJob, { params: { id: jobId }, signal }) });

/** GET /api/quotes/:id */
export const useQuote = (id: string | null) =>
  useQuery({ queryKey: quoteKeys.detail(id ?? ''), queryFn: ({ signal }) => callEndpoint(quoteEndpoints.get, { params: { id: id! }, signal }), enabled: Boolean(id) });

/** GET /api/quote-items/suggestions — the price book, as the contractor types an item's name. */
export const usePriceBook = (q: string) =>
  useQuery({ queryKey: quoteKeys.priceBook(q), queryFn: ({ signal }) => callEndpoint(quoteEndpoints.priceBook, { query: { q }, signal }), enabled: q.trim().length >= 2, placeholderData: keepPreviousData, staleTime: 30_000 });

/** The writes: each refreshes the job's list and the quote. */
export function useQuoteWrites(jobId: string) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: quoteKeys.all });
  return {
    create: useMutation({ mutationFn: (body: QuoteBody) => callEndpoint(quoteEndpoints.create, { params: { id: jobId }, body }), onSuccess: done }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: QuoteBody }) => callEndpoint(quoteEndpoints.update, { params: { id }, body }), onSuccess: done }),
    send: useMutation({
      mutationFn: ({ id, contactId, methods }: { id: string; contactId: string; methods: ('sms' | 'email')[] }) => callEndpoint(quoteEndpoints.send, { params: { id }, body: { contact_id: contactId, methods } }),
      onSuccess: done,
    }),
    revise: useMutation({ mutationFn: (id: string) => callEndpoint(quoteEndpoints.revise, { params: { id } }), onSuccess: done }),
  };
}

/** GET /api/public/quotes/:token — the homeowner's page, no session. */
export const usePublicQuote = (token: string) =>
  useQuery({ queryKey: quoteKeys.public(token), queryFn: ({ signal }) => callEndpoint(quoteEndpoints.publicView, { params: { token }, signal }), retry: false, refetchOnWindowFocus: false });

export function usePublicDecision(token: string) {
  const client = useQueryClient();
  const put = (data: unknown) => client.setQueryData(quoteKeys.public(token), data);
  return {
    approve: useMutation({ mutationFn: (body: ApproveQuoteBody) => callEndpoint(quoteEndpoints.publicApprove, { params: { token }, body }), onSuccess: put }),
    decline: useMutation({ mutationFn: (reason: string) => callEndpoint(quoteEndpoints.publicDecline, { params: { token }, body: { reason } }), onSuccess: put }),
  };
}
