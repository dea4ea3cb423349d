import { endOfLocalDay } from '@fieldbook/contract';
import { readLink, signLink } from '../../platform/signed-link';
import type { TokenSigner } from '../../platform/tokens';

const PURPOSE = 'quote';

/** When a quote valid until `expiresOn` stops: the end of that day in the workspace's time zone (next local midnight). */
export function quoteExpiresAt(expiresOn: string, timeZone: string): Date {
  return new Date(endOfLocalDay(expiresOn, timeZone).getTime() + 1);
}

/**
 * The homeowner's link, `{PUBLIC_URL}/q/{token}`: this one quote revision, until the quote expires. Nothing is stored:
 * a revision is another id (another link), and the old one answers that it was replaced. Revoking is the quote's own
 * state (issue 32 item 7): a withdrawn revision is never sent again, so every token of it answers "withdrawn" for good
 * (quotes.public.ts), and an old link leads to a newer revision only while that one was sent to the client.
 */
export function quoteLink(signer: TokenSigner, publicUrl: string, quote: { id: string; expiresAt: Date }, now: Date): string {
  const ttl = Math.max(1, Math.ceil((quote.expiresAt.getTime() - now.getTime()) / 1000));
  return `${publicUrl}/q/${signLink(signer, PURPOSE, quote.id, ttl, now).token}`;
}

/** The quote id of a genuine token, 'expired' past its time, null for anything else (tampered, another purpose). */
export function readQuoteToken(signer: TokenSigner, token: string, now: Date): string | 'expired' | null {
  return readLink(signer, PURPOSE, token, now);
}

/** The quote in the app (notifications and the contractor's emails link it): the job's Quotes panel with it open. */
export const quoteAppPath = (quote: { id: string; jobId: string }) => `/jobs/${quote.jobId}?quote=${quote.id}`;
