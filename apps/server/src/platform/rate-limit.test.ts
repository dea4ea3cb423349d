import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema';
import { createTestApp, type TestContext } from '../test/setup-app';
import { createRateLimiter, retryWording } from './rate-limit';

let ctx: TestContext;
let clock = new Date('2026-11-25T10:00:00.000Z');
const now = () => clock;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('createRateLimiter (PostgreSQL counters)', () => {
  it('allows `limit` hits per window, refuses the rest without counting them, and starts again in the next window', async () => {
    clock = new Date('2026-11-25T10:00:10.000Z');
    const limiter = createRateLimiter({ db: ctx.db, name: 'window-test', limit: 3, windowMs: 60_000, now });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit('k'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    // The window began with the first hit, so it ends a minute after it.
    expect(results[3]!.retryAfterSeconds).toBe(60);
    expect((await limiter.check('k')).allowed).toBe(false);
    // Another key has its own count.
    expect((await limiter.hit('other')).allowed).toBe(true);

    clock = new Date('2026-11-25T10:01:09.000Z');
    expect(await limiter.check('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await limiter.hit('k')).allowed).toBe(false);
    clock = new Date('2026-11-25T10:01:10.000Z');
    expect((await limiter.check('k')).allowed).toBe(true);
    // A new window from this hit: three again.
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('is one count for every process on the database: two limiters (two servers) share the limit', async () => {
    clock = new Date('2026-11-25T11:00:00.000Z');
    const serverA = createRateLimiter({ db: ctx.db, name: 'shared', limit: 4, windowMs: 60_000, now });
    const serverB = createRateLimiter({ db: ctx.db, name: 'shared', limit: 4, windowMs: 60_000, now });
    const outcomes = await Promise.all([...Array.from({ length: 5 }, () => serverA.hit('u')), ...Array.from({ length: 5 }, () => serverB.hit('u'))]);
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(4);
    // A limiter of another name never shares a counter, even with the same key.
    expect((await createRateLimiter({ db: ctx.db, name: 'other-name', limit: 1, windowMs: 60_000, now }).hit('u')).allowed).toBe(true);
  });

  it('counts a cost, and refuses a cost that does not fit without spending what is left', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const limiter = createRateLimiter({ db: ctx.db, name: 'cost', limit: 10, windowMs: 3600_000, now });
    expect((await limiter.hit('u', 7)).allowed).toBe(true);
    expect((await limiter.hit('u', 4)).allowed).toBe(false);
    expect((await limiter.hit('u', 3)).allowed).toBe(true);
    expect((await limiter.hit('u', 1)).allowed).toBe(false);
    expect((await limiter.hit('v', 11)).allowed).toBe(false);
  });

  it('check() reads without counting', async () => {
    clock = new Date('2026-11-25T13:00:00.000Z');
    const limiter = createRateLimiter({ db: ctx.db, name: 'check', limit: 2, windowMs: 60_000, now });
    for (let i = 0; i < 5; i++) expect((await limiter.check('u')).allowed).toBe(true);
    await limiter.hit('u');
    await limiter.hit('u');
    expect((await limiter.check('u')).allowed).toBe(false);
  });

  it('prunes the rows of windows that have ended', async () => {
    clock = new Date('2026-11-25T14:00:00.000Z');
    const limiter = createRateLimiter({ db: ctx.db, name: 'prune', limit: 5, windowMs: 60_000, now });
    await limiter.hit('old');
    clock = new Date('2026-11-25T15:00:00.000Z');
    await limiter.hit('new');
    const keys = (await ctx.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toContain('prune:new');
    expect(keys).not.toContain('prune:old');
  });
});

describe('retryWording', () => {
  it('says seconds under a minute and whole minutes above', () => {
    expect([1, 42, 60, 61, 900].map(retryWording)).toEqual(['1 second', '42 seconds', '1 minute', '2 minutes', '15 minutes']);
  });
});
