import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/_columns';

/** Auth identities (GoTrue's auth.users). Email is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    encryptedPassword: text().notNull(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    phone: text(),
    userMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    appMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export type AmrEntry = { method: string; timestamp: number };

/** A login session. The product API checks it on every call, so deleting it signs the user out at once. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text().$type<'aal1' | 'aal2'>().notNull().default('aal1'),
    amr: jsonb().$type<AmrEntry[]>().notNull().default([]),
    factorId: uuid(),
    userAgent: text(),
    ip: text(),
    /** The last refresh (GoTrue's refreshed_at): the inactivity timeout counts from it, the maximum lifetime from createdAt. */
    refreshedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; rotated on every use; `parent` links the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    parentHash: text(),
    revoked: boolean().notNull().default(false),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash), index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text(),
    factorType: text().$type<'totp'>().notNull(),
    status: text().$type<'unverified' | 'verified'>().notNull().default('unverified'),
    secret: text().notNull(),
    issuer: text(),
    lastUsedStep: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mfa_factors_user_id_idx').on(t.userId)],
);

export const mfaChallenges = pgTable('mfa_challenges', {
  id: id(),
  factorId: uuid()
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  ip: text(),
  verifiedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** Single-use email tokens (signup confirmation, password recovery), hashed at rest. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenType: text().$type<'confirmation' | 'recovery'>().notNull(),
    tokenHash: text().notNull(),
    /** A link token (256 bits, not guessable) or the 6-digit code, which dies after a few wrong guesses. */
    kind: text().$type<'link' | 'code'>().notNull().default('link'),
    /** Wrong codes entered for this user and type while this code was pending. */
    failedAttempts: integer().notNull().default(0),
    redirectTo: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.tokenType)],
);

export const lowerEmail = (email: string) => sql`lower(${email})`;
