import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';
import { folderBlobStore, type BlobStore } from './blob-store';

describe('health probes', () => {
  let ctx: TestContext;
  let failBlobWrites = false;
  beforeAll(async () => {
    const real = folderBlobStore(await mkdtemp(path.join(os.tmpdir(), 'fieldbook-health-')));
    // The real folder store, with a switch that makes its writes fail as a full or read-only disk would.
    const blobs: BlobStore = {
      ...real,
      kind: real.kind,
      put: async (key: string, body: Readable, opts?: { contentType?: string }) => {
        if (failBlobWrites) throw new Error('EROFS: read-only file system');
        return real.put(key, body, opts);
      },
    };
    ctx = await createTestApp({}, { blobs });
  });
  afterAll(() => ctx?.close());

  it('/healthz answers without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready when the database answers, every migration is applied and the blob store takes a write', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', blobStore: 'ok' } });
  });

  it('/readyz answers 503 naming the blob store when it cannot write', async () => {
    failBlobWrites = true;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: 'ok', blobStore: expect.stringContaining('read-only') } });
    } finally {
      failBlobWrites = false;
    }
  });

  it('/readyz answers 503 when a committed migration is not applied', async () => {
    const last = await ctx.db.execute(sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
    const row = (last as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0]!;
    await ctx.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${row.id}`);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.migrations).toMatch(/of \d+ migrations applied/);
    } finally {
      await ctx.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, ${row.hash}, ${row.created_at})`);
    }
  });
});
