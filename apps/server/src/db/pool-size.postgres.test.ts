import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';
import { defaultPoolSize, openPostgres, type Database } from './client';

describe('the pool size', () => {
  it('is twice the cores, at least 4 and at most 20, when DATABASE_POOL_SIZE does not say', () => {
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(6)).toBe(12);
    expect(defaultPoolSize(16)).toBe(20);
    expect(defaultPoolSize(64)).toBe(20);
  });
});

/**
 * A pool of N runs at most N statements at once: the rest wait in the pool's queue (not as more backends sharing the
 * cores, db/client.ts defaultPoolSize) and all of them are answered.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a pool on PostgreSQL', () => {
  let ctx: TestContext;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp();
    watcher = new pg.Client({ connectionString: ctx.databaseUrl! });
    await watcher.connect();
  });

  afterAll(async () => {
    await watcher.end();
    await ctx.close();
  });

  /** Sends `count` statements of 0.5 s at once (long enough for a loaded machine to open the pool's connections); how many PostgreSQL ran at once at most, and every answer. */
  async function sendAtOnce(database: Database, count: number) {
    const tag = `pool-size-probe-${Math.random().toString(36).slice(2)}`;
    const running = async () => {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
        [`%${tag}%`],
      );
      return rows[0]!.n;
    };
    let answered = false;
    const statements = Promise.all(Array.from({ length: count }, (_, i) => database.db.execute(sql`SELECT pg_sleep(0.5), ${i}::int AS i /* ${sql.raw(tag)} */`))).finally(() => {
      answered = true;
    });
    // Read every 20 ms until all are answered (rounds of the pool's size, 0.5 s each).
    const seen: number[] = [];
    while (!answered) {
      seen.push(await running());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = (await statements) as unknown as Array<{ rows: Array<{ i: number }> }>;
    return { atOnce: Math.max(...seen), answers: answers.map((a) => a.rows[0]!.i) };
  }

  it('runs at most its size of statements at once and answers every one', async () => {
    const database = await openPostgres(ctx.databaseUrl!, { max: 2 });
    try {
      const { atOnce, answers } = await sendAtOnce(database, 6);
      expect(atOnce).toBe(2);
      expect(answers).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await database.close();
    }
  });

  it('without a size, is the default (defaultPoolSize)', async () => {
    const size = defaultPoolSize();
    const database = await openPostgres(ctx.databaseUrl!);
    try {
      const { atOnce, answers } = await sendAtOnce(database, size + 2);
      expect(atOnce).toBe(size);
      expect(answers).toEqual(Array.from({ length: size + 2 }, (_, i) => i));
    } finally {
      await database.close();
    }
  });
});
