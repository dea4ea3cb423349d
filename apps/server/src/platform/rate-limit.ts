import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/sql';
import type { FeatureDeps } from './deps';
import { RateLimitError } from './errors';

/**
 * Fixed-window counters per key (e.g. `auth-ip:token:203.0.113.7`, `uploads:<user id>`): a key's window starts at its
 * first hit and lasts `windowMs`; the next hit after it starts a new window. Kept in PostgreSQL
 * (`rate_limit_counters`) so that a limit holds however many server processes share the database (design.md §8):
 * an in-process counter let every process (and every restart) grant the whole limit again.
 *
 * One statement per hit: an upsert that adds the request's cost only while the window's total stays within the
 * limit, so a refused request spends nothing and concurrent hits from several processes never overshoot.
 */
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts `cost` (1 by default) for `key` when the window has room for it; `allowed` is false when it has not. */
  hit: (key: string, cost?: number) => Promise<RateLimitResult>;
  /** Whether the window has room for one more, without counting anything (for limits that count only failures). */
  check: (key: string) => Promise<RateLimitResult>;
};

/** Rows of ended windows are deleted at most this often per process (an indexed delete of what has expired). */
const PRUNE_INTERVAL_MS = 60_000;
const lastPruneAt = new WeakMap<Db, number>();

export function createRateLimiter(opts: { db: Db; name: string; limit: number; windowMs: number; now: () => Date }): RateLimiter {
  const { db, name, limit, windowMs } = opts;
  const rowKey = (key: string) => `${name}:${key}`;
  const retryAfter = (endsAt: Date | string, at: number) => Math.max(1, Math.ceil((new Date(endsAt).getTime() - at) / 1000));

  async function prune(at: number) {
    const last = lastPruneAt.get(db);
    if (last !== undefined && at - last < PRUNE_INTERVAL_MS && at >= last) return;
    lastPruneAt.set(db, at);
    await db.execute(sql`DELETE FROM rate_limit_counters WHERE expires_at < ${new Date(at).toISOString()}`);
  }

  async function current(key: string) {
    const [row] = await queryRows<{ count: number; expires_at: Date | string }>(db, sql`SELECT count, expires_at FROM rate_limit_counters WHERE key = ${rowKey(key)}`);
    return row;
  }

  return {
    async hit(key, cost = 1) {
      const at = opts.now().getTime();
      if (cost > limit) return { allowed: false, retryAfterSeconds: Math.ceil(windowMs / 1000) };
      await prune(at);
      // A key's window starts with its first hit; a hit after the window's end starts the next one. The WHERE makes
      // the update (and so the hit) happen only when the cost fits; a refused hit changes nothing.
      const rows = await queryRows<{ expires_at: Date | string }>(
        db,
        sql`INSERT INTO rate_limit_counters AS c (key, window_start, count, expires_at)
            VALUES (${rowKey(key)}, ${new Date(at).toISOString()}, ${cost}, ${new Date(at + windowMs).toISOString()})
            ON CONFLICT (key) DO UPDATE SET
              window_start = CASE WHEN c.expires_at <= EXCLUDED.window_start THEN EXCLUDED.window_start ELSE c.window_start END,
              count = CASE WHEN c.expires_at <= EXCLUDED.window_start THEN EXCLUDED.count ELSE c.count + EXCLUDED.count END,
              expires_at = CASE WHEN c.expires_at <= EXCLUDED.window_start THEN EXCLUDED.expires_at ELSE c.expires_at END
            WHERE c.expires_at <= EXCLUDED.window_start OR c.count + EXCLUDED.count <= ${limit}
            RETURNING c.expires_at`,
      );
      if (rows[0]) return { allowed: true, retryAfterSeconds: retryAfter(rows[0].expires_at, at) };
      const row = await current(key);
      return { allowed: false, retryAfterSeconds: row ? retryAfter(row.expires_at, at) : 1 };
    },
    async check(key) {
      const at = opts.now().getTime();
      const row = await current(key);
      if (!row || new Date(row.expires_at).getTime() <= at) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: row.count < limit, retryAfterSeconds: retryAfter(row.expires_at, at) };
    },
  };
}

/** "42 seconds", "1 minute", "15 minutes": when a refused request may be tried again. */
export function retryWording(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The product API's per-user limits: counts `cost` for `key`, or throws 429 RATE_LIMITED with Retry-After before
 * anything is written or sent (nothing is counted then either). `message` says what was limited and when to retry.
 */
export async function enforceRateLimit(limiter: RateLimiter, key: string, opts: { cost?: number; message: (retryIn: string) => string }): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.hit(key, opts.cost ?? 1);
  if (!allowed) throw new RateLimitError(opts.message(retryWording(retryAfterSeconds)), retryAfterSeconds);
}

/**
 * The product API's per-user limits (UPLOAD_RATE_LIMIT, SEND_RATE_LIMIT, INVITE_RATE_LIMIT), one counter each across
 * every route that spends it: uploads of documents and recordings together, every email or SMS a user has sent.
 */
export function userRateLimits(deps: Pick<FeatureDeps, 'db' | 'config' | 'now'>) {
  const { db, now } = deps;
  const { uploadsPerMinute, sendsPerHour, invitationsPerHour } = deps.config.userRateLimits;
  const uploads = createRateLimiter({ db, name: 'uploads', limit: uploadsPerMinute, windowMs: 60_000, now });
  const sends = createRateLimiter({ db, name: 'sends', limit: sendsPerHour, windowMs: 3600_000, now });
  const invitations = createRateLimiter({ db, name: 'invitations', limit: invitationsPerHour, windowMs: 3600_000, now });
  return {
    /** One upload (a document or a recording). */
    upload: (userId: string) =>
      enforceRateLimit(uploads, userId, { message: (retryIn) => `Too many uploads: at most ${uploadsPerMinute} files a minute. Try again in ${retryIn}.` }),
    /** `messages` emails or SMS about to be sent (one per recipient). */
    send: (userId: string, messages: number) =>
      enforceRateLimit(sends, userId, {
        cost: messages,
        message: (retryIn) => `Too many messages sent: at most ${sendsPerHour} emails or texts an hour. Try again in ${retryIn}.`,
      }),
    /** `contacts` invitations about to be texted. */
    invite: (userId: string, contacts: number) =>
      enforceRateLimit(invitations, userId, {
        cost: contacts,
        message: (retryIn) => `Too many invitations: at most ${invitationsPerHour} an hour. Try again in ${retryIn}.`,
      }),
  };
}
