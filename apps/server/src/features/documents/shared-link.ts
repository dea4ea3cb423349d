import { SHARED_LINK_TTL_SECONDS } from '@fieldbook/contract';
import { timingSafeEqual } from 'node:crypto';
import type { TokenSigner } from '../../platform/tokens';

const PURPOSE = 'shared-document';

/**
 * The link an SMS carries: `{PUBLIC_URL}/api/shared-documents/{token}`, token = documentId.expiry.mac. It opens that
 * one document, without a session, until it expires (7 days); nothing is stored, so it cannot be revoked early
 * except by deleting the document (the route then answers 404).
 */
export function sharedDocumentToken(signer: TokenSigner, documentId: string, now: Date): { token: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + SHARED_LINK_TTL_SECONDS;
  const data = `${documentId}.${expires}`;
  return { token: `${data}.${signer.mac(PURPOSE, data)}`, expiresAt: new Date(expires * 1000) };
}

/** The document id of a genuine token, 'expired' for a genuine one past its time, null for anything else. */
export function readSharedDocumentToken(signer: TokenSigner, token: string, now: Date): string | 'expired' | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, documentId, expires, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signer.mac(PURPOSE, `${documentId}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : documentId;
}
