import { SHARED_LINK_TTL_SECONDS } from '@fieldbook/contract';
import { readLink, signLink } from '../../platform/signed-link';
import type { TokenSigner } from '../../platform/tokens';

const PURPOSE = 'shared-document';

/** The link an SMS carries: `{PUBLIC_URL}/api/shared-documents/{token}`, for that one document, for 7 days. */
export function sharedDocumentToken(signer: TokenSigner, documentId: string, now: Date): { token: string; expiresAt: Date } {
  return signLink(signer, PURPOSE, documentId, SHARED_LINK_TTL_SECONDS, now);
}

export function readSharedDocumentToken(signer: TokenSigner, token: string, now: Date): string | 'expired' | null {
  return readLink(signer, PURPOSE, token, now);
}

/** The download link of a send (`{PUBLIC_URL}/api/shared-documents/{token}`) made again from its expiry: the same link. */
export function sharedDocumentLink(signer: TokenSigner, publicUrl: string, documentId: string, expiresAt: Date, now: Date): string {
  const ttl = Math.max(1, Math.floor(expiresAt.getTime() / 1000) - Math.floor(now.getTime() / 1000));
  return `${publicUrl}/api/shared-documents/${signLink(signer, PURPOSE, documentId, ttl, now).token}`;
}
