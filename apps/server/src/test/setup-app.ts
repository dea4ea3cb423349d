import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { migrateDatabase, openPglite, openPostgres, type Database, type Db } from '../db/client';
import { authSessions, profiles, users, workspaces } from '../db/schema';
import { folderBlobStore, type BlobStore } from '../platform/blob-store';
import type { ServerTimeouts } from '../platform/http-timeouts';
import { createTokenSigner, type TokenSigner } from '../platform/tokens';
import { pgliteTemplate, postgresTemplate } from './database-template';

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  signer: TokenSigner;
  blobs: BlobStore;
  /** The throwaway PostgreSQL database's URL (unset on PGlite), for tests that start a second server on it. */
  databaseUrl?: string;
  close: () => Promise<void>;
};

/**
 * A fresh database per test file: in-memory PGlite, or — when TEST_DATABASE_URL is set — a throwaway
 * database created on that PostgreSQL server and dropped afterwards. No mocks of our own services.
 * `checkResponses: false` for the benchmarks (bench/): they measure the server as main.ts builds it, without the tests'
 * parse of every answer with its schema.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { now?: () => Date; blobs?: BlobStore; timeouts?: ServerTimeouts; checkResponses?: boolean } = {}): Promise<TestContext> {
  // Limits out of the way unless a test sets them (their own tests do).
  const limits = { AUTH_RATE_LIMIT: '10000', AUTH_ACCOUNT_RATE_LIMIT: '10000', UPLOAD_RATE_LIMIT: '10000', SEND_RATE_LIMIT: '10000', INVITE_RATE_LIMIT: '10000', QUOTE_LINK_RATE_LIMIT: '10000' };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...limits, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:3000', ...env });
  let database: Database;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fieldbook_test_${randomUUID().replaceAll('-', '')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // A copy of the run's migrated template when there is one (global-setup.ts), else an empty database to migrate.
    const template = postgresTemplate();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openPostgres(databaseUrl, { max: 5 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const template = pgliteTemplate();
    database = await openPglite('memory://', template ? { load: template } : {});
  }
  // Applies nothing on a copy of the template (its migrations are recorded), everything on an empty database.
  await migrateDatabase(database);
  const signer = createTokenSigner('test-secret-test-secret-test-secret-0123', `${config.publicUrl}/auth/v1`);
  const blobRoot = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-blobs-'));
  const blobs = opts.blobs ?? folderBlobStore(blobRoot);
  const app = await buildApp({ config, database, signer, blobs, logger: false, checkResponses: opts.checkResponses ?? true, ...(opts.now ? { now: opts.now } : {}), ...(opts.timeouts ? { timeouts: opts.timeouts } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    signer,
    blobs,
    ...(databaseUrl ? { databaseUrl } : {}),
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(blobRoot, { recursive: true, force: true });
    },
  };
}

export type TestUser = { id: string; email: string; workspaceId: string | null; token: string; sessionId: string; headers: { authorization: string } };

/**
 * Inserts a user with a profile, optionally a workspace (a new one unless `workspaceId` is given), and a live
 * session, and signs an access token for it. For tests of product endpoints; the auth flows have their own tests.
 */
export async function createTestUser(
  ctx: TestContext,
  opts: { email?: string; role?: 'admin' | 'user'; workspaceId?: string | null; workspaceName?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await ctx.db.insert(users).values({ email, encryptedPassword: 'not-a-login', emailConfirmedAt: new Date() }).returning();
  if (!user) throw new Error('insert user failed');
  let workspaceId = opts.workspaceId === undefined ? undefined : opts.workspaceId;
  if (workspaceId === undefined) {
    const [ws] = await ctx.db.insert(workspaces).values({ name: opts.workspaceName ?? `${email}'s workspace`, ownerId: user.id }).returning();
    workspaceId = ws!.id;
  }
  await ctx.db.insert(profiles).values({ id: user.id, email, role: opts.role ?? 'user', workspaceId, userName: email.split('@')[0] ?? null });
  const [session] = await ctx.db.insert(authSessions).values({ userId: user.id, amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }] }).returning();
  const { token } = await ctx.signer.sign(
    { sub: user.id, email, phone: '', session_id: session!.id, aal: 'aal1', amr: session!.amr, app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, is_anonymous: false },
    new Date(),
  );
  return { id: user.id, email, workspaceId, token, sessionId: session!.id, headers: { authorization: `Bearer ${token}` } };
}
