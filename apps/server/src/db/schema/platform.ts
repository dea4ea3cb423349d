import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
