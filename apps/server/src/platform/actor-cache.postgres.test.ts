import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openPostgres, type Database } from '../db/client';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';
import { ACTOR_TTL_MS } from './actor-cache';

/**
 * Remembered sessions across server processes: only PostgreSQL has the LISTEN connection that keeps them honest
 * (with the embedded database the cache stays off), so this file runs in the PostgreSQL pass of `npm test`.
 * Server A is the test app; server B is a second app on the same database, as a second process would be.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('remembered sessions on PostgreSQL', () => {
  let a: TestContext;
  let bDatabase: Database;
  let b: FastifyInstance;
  let user: TestUser;

  const jobsVia = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/jobs', headers: user.headers })).statusCode;

  /** Polls until `check` holds, for at most half the TTL: what arrives later came from expiry, not a notification. */
  async function within(check: () => Promise<boolean>): Promise<boolean> {
    const until = Date.now() + ACTOR_TTL_MS / 2;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  }

  beforeAll(async () => {
    a = await createTestApp();
    bDatabase = await openPostgres(a.databaseUrl!, { max: 2 });
    b = await buildApp({ config: a.config, database: bDatabase, signer: a.signer, blobs: a.blobs, logger: false });
    await b.ready();
    expect(await within(async () => a.app.actorCache.isEnabled && b.actorCache.isEnabled)).toBe(true);
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it('serves a remembered session, and forgets it when the profile changes in another process', async () => {
    user = await createTestUser(a);
    expect(await jobsVia(b)).toBe(200);
    // Changed without a notification, B keeps answering from what it remembered: the cache is really used…
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE profiles DISABLE TRIGGER profiles_actor_notify`);
      await tx.execute(sql`UPDATE profiles SET workspace_id = NULL WHERE id = ${user.id}`);
      await tx.execute(sql`ALTER TABLE profiles ENABLE TRIGGER profiles_actor_notify`);
    });
    expect(await jobsVia(b)).toBe(200);
    // …while A, which had not seen this user yet, looks the session up and sees the change.
    expect(await jobsVia(a.app)).toBe(409);
    // With the trigger, changes reach both processes by notification, long before the TTL.
    await a.db.execute(sql`UPDATE profiles SET workspace_id = ${user.workspaceId} WHERE id = ${user.id}`);
    expect(await within(async () => (await jobsVia(a.app)) === 200)).toBe(true);
    await a.db.execute(sql`UPDATE profiles SET workspace_id = NULL WHERE id = ${user.id}`);
    expect(await within(async () => (await jobsVia(b)) === 409)).toBe(true);
    await a.db.execute(sql`UPDATE profiles SET workspace_id = ${user.workspaceId} WHERE id = ${user.id}`);
  });

  it('answers 401 at once in the process that logged out, and promptly in the other', async () => {
    user = await createTestUser(a);
    expect(await jobsVia(a.app)).toBe(200);
    expect(await jobsVia(b)).toBe(200);
    expect(await jobsVia(a.app)).toBe(200);
    const logout = await a.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: user.headers });
    expect(logout.statusCode).toBe(204);
    expect(await jobsVia(a.app)).toBe(401);
    expect(await within(async () => (await jobsVia(b)) === 401)).toBe(true);
  });

  it('turns itself off when its LISTEN connection is dropped, and on again once it has reconnected', async () => {
    user = await createTestUser(a);
    expect(await jobsVia(b)).toBe(200);
    await a.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN fieldbook_actor'`,
    );
    expect(await within(async () => !b.actorCache.isEnabled)).toBe(true);
    // Turning off forgot what was remembered, so even a change nobody announced is seen at once.
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE profiles DISABLE TRIGGER profiles_actor_notify`);
      await tx.execute(sql`UPDATE profiles SET workspace_id = NULL WHERE id = ${user.id}`);
      await tx.execute(sql`ALTER TABLE profiles ENABLE TRIGGER profiles_actor_notify`);
    });
    expect(await jobsVia(b)).toBe(409);
    expect(await within(async () => a.app.actorCache.isEnabled && b.actorCache.isEnabled)).toBe(true);
  });
});
