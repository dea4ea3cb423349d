import { createHash, randomUUID } from 'node:crypto';
import type { FactorRow, UserRow } from './auth.repository';

/** GoTrue's user JSON (what auth-js exposes as `User`). Rows become this shape here and nowhere else. */
export type GoTrueUser = {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmed_at?: string;
  confirmation_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: GoTrueIdentity[];
  factors?: GoTrueFactor[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
};

export type GoTrueIdentity = {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: 'email';
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email: string;
};

export type GoTrueFactor = {
  id: string;
  friendly_name?: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
};

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] } as const;

/**
 * Users have exactly one identity, the email one (there is no identities table): its id is derived
 * from the user id so it is stable across calls and DELETE /user/identities/:id can recognise it.
 */
export function emailIdentityId(userId: string): string {
  const h = createHash('sha256').update(`email-identity:${userId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function toGoTrueFactor(f: FactorRow): GoTrueFactor {
  return {
    id: f.id,
    ...(f.friendlyName ? { friendly_name: f.friendlyName } : {}),
    factor_type: f.factorType,
    status: f.status,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

export function toGoTrueUser(user: UserRow, factors: FactorRow[] = []): GoTrueUser {
  const confirmedAt = iso(user.emailConfirmedAt);
  const identity: GoTrueIdentity = {
    identity_id: emailIdentityId(user.id),
    id: user.id,
    user_id: user.id,
    identity_data: { email: user.email, email_verified: Boolean(user.emailConfirmedAt), phone_verified: false, sub: user.id },
    provider: 'email',
    last_sign_in_at: iso(user.lastSignInAt),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    email: user.email,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: confirmedAt,
    phone: user.phone ?? '',
    confirmed_at: confirmedAt,
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: { ...user.appMetadata, ...EMAIL_APP_METADATA },
    user_metadata: user.userMetadata,
    identities: [identity],
    // GoTrue omits `factors` when the user has none.
    ...(factors.length ? { factors: factors.map(toGoTrueFactor) } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

/**
 * What GoTrue answers when someone signs up again with a confirmed email while confirmation is on:
 * a plausible unconfirmed user with a random id and no identities, so the answer does not reveal
 * that the account exists.
 */
export function obfuscatedUser(email: string, userMetadata: Record<string, unknown>, now: Date): GoTrueUser {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { ...EMAIL_APP_METADATA },
    user_metadata: userMetadata,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}

/**
 * The largest user_metadata (JSON, UTF-8 bytes) an account may hold. It travels in every access token, and a token
 * must always fit in a request header (Node refuses headers over 16 KB with 431): 8 KB of metadata is ~11 KB of
 * base64url in the token. Sign-up and PUT /user refuse more (auth.service.ts).
 */
export const USER_METADATA_MAX_BYTES = 8 * 1024;

export function userMetadataBytes(data: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(data), 'utf8');
}

/**
 * The user_metadata claim: the stored metadata, or nothing when an account holds more than the bound (stored before
 * the bound existed), so that no account's tokens can grow too big to be sent. /user still answers all of it.
 */
export function userMetadataClaim(data: Record<string, unknown>): Record<string, unknown> {
  return userMetadataBytes(data) > USER_METADATA_MAX_BYTES ? {} : data;
}
