import { endOfLocalDay } from '@fieldbook/contract';
import { makeClientLink, QUOTE_LINKS, readClientLink } from '../../platform/client-links';
import type { TokenSigner } from '../../platform/tokens';

/** When a quote valid until `expiresOn` stops: the end of that day in the workspace's time zone (next local midnight). */
export function quoteExpiresAt(expiresOn: string, timeZone: string): Date {
  return new Date(endOfLocalDay(expiresOn, timeZone).getTime() + 1);
}

/**
 * The homeowner's link, `{PUBLIC_URL}/q/{token}`: this one quote revision, until the quote expires. Nothing is stored:
 * a revision is another id (another link), and the old one answers that it was replaced. Revoking is the quote's own
 * state (issue 32 item 7): a withdrawn revision is never sent again, so every token of it answers "withdrawn" for good
 * (quotes.public.ts), and an old link leads to a newer revision only while that one was sent to the client.
 * Made and read by the client side's one home (platform/client-links.ts).
 */
export function quoteLink(signer: TokenSigner, publicUrl: string, quote: { id: string; expiresAt: Date }, now: Date): string {
  return makeClientLink(signer, publicUrl, QUOTE_LINKS, quote, now);
}

/** The quote id of a genuine token, 'expired' past its time, null for anything else (tampered, another purpose). */
export function readQuoteToken(signer: TokenSigner, token: string, now: Date): string | 'expired' | null {
  return readClientLink(signer, QUOTE_LINKS, token, now);
}

/** The quote in the app (notifications and the contractor's emails link it): the job's Quotes panel with it open. */
export const quoteAppPath = (quote: { id: string; jobId: string }) => `/jobs/${quote.jobId}?quote=${quote.id}`;
