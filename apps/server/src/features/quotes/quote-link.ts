import { readLink, signLink } from '../../platform/signed-link';
import type { TokenSigner } from '../../platform/tokens';

const PURPOSE = 'quote';

/** The end of a quote's expiry date (UTC): the quote and its link stop there. */
export function quoteExpiresAt(expiresOn: string): Date {
  return new Date(Date.parse(`${expiresOn}T00:00:00Z`) + 24 * 60 * 60 * 1000);
}

/**
 * The homeowner's link, `{PUBLIC_URL}/q/{token}`: this one quote revision, until the quote expires. Nothing is stored:
 * a revision is another id (another link), and the old one answers that it was replaced.
 */
export function quoteLink(signer: TokenSigner, publicUrl: string, quote: { id: string; expiresOn: string }, now: Date): string {
  const ttl = Math.max(1, Math.ceil((quoteExpiresAt(quote.expiresOn).getTime() - now.getTime()) / 1000));
  return `${publicUrl}/q/${signLink(signer, PURPOSE, quote.id, ttl, now).token}`;
}

/** The quote id of a genuine token, 'expired' past its time, null for anything else (tampered, another purpose). */
export function readQuoteToken(signer: TokenSigner, token: string, now: Date): string | 'expired' | null {
  return readLink(signer, PURPOSE, token, now);
}

/** The quote in the app (notifications and the contractor's emails link it): the job's Quotes panel with it open. */
export const quoteAppPath = (quote: { id: string; jobId: string }) => `/jobs/${quote.jobId}?quote=${quote.id}`;
