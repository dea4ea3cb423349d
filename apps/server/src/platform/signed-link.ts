import { timingSafeEqual } from 'node:crypto';
import type { TokenSigner } from './tokens';

/**
 * A link that opens one thing without a session until it expires: token = id.expiry.mac, the mac under a key of
 * its own per purpose (tokens.ts `mac`). Nothing is stored, so a link cannot be revoked early except by deleting
 * what it opens. Used for texted document links (7 days) and audio playback URLs (an hour).
 */
export function signLink(signer: TokenSigner, purpose: string, id: string, ttlSeconds: number, now: Date): { token: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const data = `${id}.${expires}`;
  return { token: `${data}.${signer.mac(purpose, data)}`, expiresAt: new Date(expires * 1000) };
}

/** The id of a genuine token, 'expired' for a genuine one past its time, null for anything else. */
export function readLink(signer: TokenSigner, purpose: string, token: string, now: Date): string | 'expired' | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expires, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signer.mac(purpose, `${id}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : id;
}
