import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { insertDocumentsBulk, insertJob, insertWorkspacesBulk } from '../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';
import { openPostgres, type Database } from './client';

/**
 * The lists' statements are planned once per connection, not at every request (db/sql.ts limitSql and planFreeId):
 * with a `LIMIT $n` or a workspace PostgreSQL could estimate, it judged each execution's own plan cheaper than the
 * shared one and planned each request afresh — as costly as running it. A server with one pooled connection lets
 * the test read that session's prepared statements: after a dozen requests of each list, none has been planned
 * more than the five times PostgreSQL always plans a new statement before deciding. The data is skewed as a real
 * database is (and as the benchmark's): the caller's workspace holds most rows, thirty others a few each.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('plans of the lists on PostgreSQL', () => {
  let ctx: TestContext;
  let database: Database;
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    database = await openPostgres(ctx.databaseUrl!, { max: 1 });
    app = await buildApp({ config: ctx.config, database, signer: ctx.signer, blobs: ctx.blobs, logger: false });
    await app.ready();
    user = await createTestUser(ctx);
    const workspaceId = user.workspaceId!;
    await insertWorkspacesBulk(ctx.db, { prefix: 'plan-', count: 30 });
    const bulkTasks = async (jobId: string, forWorkspace: string, count: number) =>
      ctx.db.execute(sql`INSERT INTO tasks (workspace_id, job_id, description, created_at)
        SELECT ${forWorkspace}, ${jobId}, 'Task ' || g, now() - g * interval '1 minute' FROM generate_series(1, ${count}) g`);
    await bulkTasks((await insertJob(ctx.db, { workspaceId })).id, workspaceId, 3000);
    await insertDocumentsBulk(ctx.db, { workspaceId, count: 3000 });
    const others = (await ctx.db.execute(sql`SELECT id FROM workspaces WHERE name LIKE 'plan-%'`)) as unknown as { rows: Array<{ id: string }> };
    for (const { id } of others.rows) {
      await bulkTasks((await insertJob(ctx.db, { workspaceId: id })).id, id, 20);
      await insertDocumentsBulk(ctx.db, { workspaceId: id, count: 20 });
    }
    await ctx.db.execute(sql`ANALYZE jobs, tasks, documents`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ctx?.close();
  });

  it('keeps one plan for each list after the first few requests', async () => {
    const lists = [
      '/api/jobs',
      '/api/jobs?limit=5&exclude_status=completed&sort=due_date',
      '/api/tasks',
      '/api/tasks?limit=10',
      '/api/documents',
      '/api/recordings',
      '/api-fast/optimized/homepage-data',
    ];
    for (const url of lists) {
      for (let i = 0; i < 12; i++) {
        const res = await app.inject({ method: 'GET', url, headers: user.headers });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const { rows } = (await database.db.execute(
      sql`SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name LIKE 'fb\_%'`,
    )) as unknown as { rows: Array<{ statement: string; generic: number; custom: number }> };
    // Every statement: at most PostgreSQL's five first plans. The lists — jobs (two shapes), tasks (two limits),
    // documents, recordings, the home — each ran twelve times, so each has been run on its kept plan since.
    for (const r of rows) expect({ statement: r.statement.slice(0, 160), custom: Math.min(r.custom, 6) }).toEqual({ statement: r.statement.slice(0, 160), custom: Math.min(r.custom, 5) });
    expect(rows.filter((r) => /\bLIMIT \d+/.test(r.statement) && r.generic >= 7).length).toBeGreaterThanOrEqual(7);
  });

  it('gives a later page its offset as a parameter, so paging does not add statements', async () => {
    for (const offset of [10, 20, 30]) {
      const res = await app.inject({ method: 'GET', url: `/api/tasks?limit=10&offset=${offset}`, headers: user.headers });
      expect(res.statusCode).toBe(200);
    }
    const { rows } = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%LIMIT 10 OFFSET $%'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(1);
  });
});
