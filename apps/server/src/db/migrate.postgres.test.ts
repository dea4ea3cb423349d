import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsDir, openPostgres, type Database } from './client';

/**
 * Several server processes started together on one empty PostgreSQL database (a deploy of N processes): each runs
 * its start-up migrations. Without a lock around them they raced — both saw nothing applied and both ran the first
 * migration, one failing on "relation already exists" and not starting. Here three handles (as three processes:
 * separate pools) migrate at once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('start-up migrations on PostgreSQL', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `fieldbook_test_${randomUUID().replaceAll('-', '')}`;
  let url: string;
  const handles: Database[] = [];

  async function admin(query: string) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('run once when three processes start together: one migrates, the others wait and find nothing to do', async () => {
    for (let i = 0; i < 3; i++) handles.push(await openPostgres(url, { max: 3 }));
    const results = await Promise.allSettled(handles.map((h) => migrateDatabase(h)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await handles[0]!.db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_n FROM drizzle.__drizzle_migrations`);
    const row = (applied as unknown as { rows: { n: number; distinct_n: number }[] }).rows[0]!;
    expect(row).toEqual({ n: journal.entries.length, distinct_n: journal.entries.length });
    // The lock is a session lock on its own connection: nothing is left holding it.
    const held = await handles[0]!.db.execute(sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect((held as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
