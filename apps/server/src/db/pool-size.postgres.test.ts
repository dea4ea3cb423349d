import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';
import { defaultPoolSize, openPostgres, type Database } from './client';

describe('the pool size', () => {
  it('is twice the cores, at least 4, when DATABASE_POOL_SIZE does not say', () => {
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(16)).toBe(32);
  });
});

/**
 * A pool of N runs at most N statements at once: the rest wait in the pool's queue (not as more backends sharing the
 * cores, db/client.ts defaultPoolSize) and all of them are answered.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a pool on PostgreSQL', () => {
  let ctx: TestContext;
  let database: Database;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp();
    database = await openPostgres(ctx.databaseUrl!, { max: 2 });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl! });
    await watcher.connect();
  });

  afterAll(async () => {
    await watcher.end();
    await database.close();
    await ctx.close();
  });

  it('runs at most its size of statements at once and answers every one', async () => {
    const running = async () => {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE '%pool-size-probe%' AND pid <> pg_backend_pid()`,
      );
      return rows[0]!.n;
    };
    let answered = false;
    const statements = Promise.all(Array.from({ length: 6 }, (_, i) => database.db.execute(sql`SELECT pg_sleep(0.2), ${i}::int AS i /* pool-size-probe */`))).finally(() => {
      answered = true;
    });
    // How many ran at once, read every 20 ms until all are answered (three rounds of two, ~0.6 s).
    const seen: number[] = [];
    while (!answered) {
      seen.push(await running());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = (await statements) as unknown as Array<{ rows: Array<{ i: number }> }>;
    expect(Math.max(...seen)).toBe(2);
    expect(answers.map((a) => a.rows[0]!.i)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
