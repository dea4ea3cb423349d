import { quoteEndpoints, type PublicQuote } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/quotes/:id/preview — the client's page of the quote, for Preview as Client (marks nothing). */
export function getQuotePreview(id: string, signal?: AbortSignal): Promise<PublicQuote> {
  return callEndpoint(quoteEndpoints.preview, { params: { id }, signal });
}

/** Asked while the preview is open (`enabled`), afresh each time it opens. */
export const useQuotePreview = (id: string, enabled: boolean) =>
  useQuery({ queryKey: quoteKeys.preview(id), queryFn: ({ signal }) => getQuotePreview(id, signal), enabled, staleTime: 0 });
