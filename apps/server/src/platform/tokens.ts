import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AmrEntry } from '../db/schema';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export type AccessClaims = {
  sub: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  phone: string;
  session_id: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
  exp: number;
  iat: number;
  iss: string;
};

export type TokenSigner = {
  sign: (claims: Omit<AccessClaims, 'exp' | 'iat' | 'iss' | 'aud' | 'role'>, now: Date) => Promise<{ token: string; expiresAt: number }>;
  verify: (token: string) => Promise<AccessClaims | null>;
};

/** HS256 access tokens (design.md §5). */
export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  // A KeyObject made once: with raw bytes jose imports the HMAC key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(claims, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const expiresAt = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ ...claims, aud: 'authenticated', role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .setIssuer(issuer)
        .setSubject(claims.sub)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience: 'authenticated', algorithms: ['HS256'] });
        return payload as unknown as AccessClaims;
      } catch {
        return null;
      }
    },
  };
}

/** An opaque random token (refresh, email links, invitations): 256 bits, URL-safe. */
export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
