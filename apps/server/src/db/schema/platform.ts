import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters of platform/rate-limit.ts, shared by every server process on the database so a
 * limit holds however many processes serve (design.md §8). One row per key: its window starts at the first hit and
 * lasts the limiter's window; a hit after it starts a new one. Rows whose window has ended are pruned.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
    /** The window's end: after it the row counts for nothing and may be deleted. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_at_idx').on(t.expiresAt)],
);

/**
 * Secrets every server process on the database must share (platform/server-secret.ts): the JWT secret when
 * JWT_SECRET is not set on PostgreSQL, so tokens and signed links made by one process verify on the others.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Answers of write requests sent with an `Idempotency-Key` header (platform/idempotency.ts): one row per user and
 * key. While the first request runs the row is a claim (`response_status` null, `locked_until` its lease); when it
 * has answered 2xx the row keeps that answer, which every repeat of the same request gets until `expires_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller (no foreign key: platform tables do not reach into a feature's; rows expire within a day). */
    userId: uuid().notNull(),
    key: text().notNull(),
    /** The contract endpoint: 'PUT /api/tasks/:id/status'. */
    endpoint: text().notNull(),
    /** SHA-256 of the path parameters, query and body as validated: the same key with another request is refused. */
    requestHash: text().notNull(),
    /** Null while the first request runs. */
    responseStatus: integer(),
    responseBody: text(),
    responseType: text(),
    /** The claim's lease: after it (the process that held it died) a repeat runs the request again. */
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);
