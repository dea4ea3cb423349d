import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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
  /**
   * What `verify` already knows of a token, without waiting: its claims if it was verified before and has not expired,
   * null if it has expired, undefined if it was not verified yet (then `verify` it). Signers without a memory omit it.
   */
  verified?: (token: string) => AccessClaims | null | undefined;
  /** An HMAC-SHA256 of `data` (base64url) under a key of its own per `purpose`, derived from the same secret. */
  mac: (purpose: string, data: string) => string;
};

/** How many verified access tokens a signer keeps (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 5_000;

/** HS256 access tokens (design.md §5). */
export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  // A KeyObject made once: with raw bytes jose imports the HMAC key again on every sign and verify, and Node 24's
  // createHmac takes ~14 µs to import a Buffer key against ~2 µs for a KeyObject (bench/README, issue 23).
  const secretBytes = Buffer.from(secret, 'utf8');
  const key = createSecretKey(secretBytes);
  // One key per purpose, derived once (a handful of purposes: links, states).
  const purposeKeys = new Map<string, KeyObject>();
  // A client sends the same token for its ~hour: its checked claims are kept and only its expiry is checked again.
  // Kept by the token's signature (its last 43 characters) with the whole token compared on a hit: a map keyed by the
  // whole ~500-character token hashed all of it on every request, a few µs of a cheap list request's CPU (issue 37).
  // Bounded: the oldest goes past VERIFIED_TOKENS_KEPT.
  const verified = new Map<string, { token: string; claims: AccessClaims }>();
  const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);
  const verifiedBefore = (token: string): AccessClaims | null | undefined => {
    const signature = signatureOf(token);
    const known = verified.get(signature);
    if (!known || known.token !== token) return undefined;
    if (known.claims.exp > Math.floor(Date.now() / 1000)) return known.claims;
    verified.delete(signature);
    return null;
  };
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
    verified: verifiedBefore,
    async verify(token) {
      const known = verifiedBefore(token);
      if (known !== undefined) return known;
      const nowSeconds = Math.floor(Date.now() / 1000);
      const claims = verifyHs256(token, { secret: key, issuer, nowSeconds });
      if (claims) {
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(signatureOf(token), { token, claims });
      }
      return claims;
    },
    mac(purpose, data) {
      // A per-purpose key: a signed link can never pass for an access token's signature, or the other way round.
      let purposeKey = purposeKeys.get(purpose);
      if (!purposeKey) {
        purposeKey = createSecretKey(createHmac('sha256', key).update(`fieldbook:${purpose}`).digest());
        purposeKeys.set(purpose, purposeKey);
      }
      return createHmac('sha256', purposeKey).update(data).digest('base64url');
    },
  };
}

const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * Verifies an HS256 access token with node:crypto: every /api request does this, and jose's verify (WebCrypto,
 * async) cost 75–150 µs of CPU per call where one HMAC costs a few. Checks what jose checked for us: the
 * signature (compared as canonical base64url, in constant time), alg HS256, no `crit` header, exp and nbf against
 * now (no leeway), iss, aud 'authenticated', and the claims the guard relies on.
 */
export function verifyHs256(token: string, opts: { secret: KeyObject | Buffer; issuer: string; nowSeconds: number }): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(createHmac('sha256', opts.secret).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = decodeJson(header) as { alg?: unknown; crit?: unknown };
    if (head.alg !== 'HS256' || head.crit !== undefined) return null;
    const claims = decodeJson(payload) as Partial<AccessClaims> & { nbf?: unknown; aud?: unknown };
    if (typeof claims !== 'object' || claims === null) return null;
    if (typeof claims.exp !== 'number' || claims.exp <= opts.nowSeconds) return null;
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > opts.nowSeconds)) return null;
    if (claims.iss !== opts.issuer) return null;
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes('authenticated')) return null;
    if (typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') return null;
    return claims as AccessClaims;
  } catch {
    return null; // not base64url JSON
  }
}

/** An opaque random token (refresh, email links, invitations): 256 bits, URL-safe. */
export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
