import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsDir, type Db } from '../db/client';
import type { BlobStore } from './blob-store';

/**
 * Probes for load balancers and orchestrators, outside /api (no session, no contract: they are not product
 * endpoints and their answers carry nothing a caller could use):
 * - GET /healthz — the process is alive and its event loop answers;
 * - GET /readyz — it can do its work: the database answers, every committed migration is applied, the blob store
 *   takes a write. 503 with the failing checks otherwise, so a balancer stops sending it requests.
 */
export async function healthRoutes(app: FastifyInstance, deps: { db: Db; blobs: BlobStore }): Promise<void> {
  const expectedMigrations = countCommittedMigrations();

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks = {
      database: await check(async () => {
        await deps.db.execute(sql`SELECT 1`);
      }),
      migrations: await check(async () => {
        // drizzle's migrator records each applied migration in drizzle.__drizzle_migrations.
        const result = await deps.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
        const applied = Number((rowsOf(result)[0] as { n?: number } | undefined)?.n ?? 0);
        if (applied < expectedMigrations) throw new Error(`${applied} of ${expectedMigrations} migrations applied`);
      }),
      blobStore: await check(async () => {
        const key = `health/${randomUUID()}`;
        await deps.blobs.put(key, Readable.from([Buffer.from('ok')]));
        await deps.blobs.delete(key);
      }),
    };
    const ready = Object.values(checks).every((c) => c === 'ok');
    void reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'not ready', checks };
  });
}

async function check(probe: () => Promise<void>): Promise<string> {
  try {
    await withTimeout(probe(), 5_000);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : 'failed';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** PGlite's execute answers { rows }, node-postgres' too; both through drizzle. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows?: unknown[] }).rows ?? [];
}

function countCommittedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}
