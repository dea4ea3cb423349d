import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters of platform/rate-limit.ts, shared by every server process on the database so a
 * limit holds however many processes serve (design.md §8). One row per key and window; rows whose window has
 * ended are pruned.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
    /** The window's end: after it the row counts for nothing and may be deleted. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_counters_expires_at_idx').on(t.expiresAt)],
);
