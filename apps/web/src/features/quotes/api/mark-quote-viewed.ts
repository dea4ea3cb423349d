import { quoteEndpoints } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * POST /api/public/quotes/:token/viewed — the page was rendered in a person's browser: a sent quote becomes viewed.
 * The GET that loads it marks nothing (a message preview or a mail scanner fetches links too, issue 32 item 4).
 */
export function markQuoteViewed(token: string) {
  return callEndpoint(quoteEndpoints.publicViewed, { params: { token } });
}

/** Told once per page; a failure changes nothing the homeowner sees (the contractor's "Viewed" is only a hint). */
export const useMarkQuoteViewed = (token: string) => useMutation({ mutationFn: () => markQuoteViewed(token), retry: 1 });
