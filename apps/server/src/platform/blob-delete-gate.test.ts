import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';
import { folderBlobStore, type BlobStore } from './blob-store';
import { advisoryDeleteGate, BACKUP_LOCK, gateBlobDeletes, memoryDeleteGate } from './blob-delete-gate';

let ctx: TestContext;
let root: string;
let folder: BlobStore;

beforeAll(async () => {
  ctx = await createTestApp();
  root = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-gate-'));
  folder = folderBlobStore(root);
});
afterAll(async () => {
  await ctx.close();
  await rm(root, { recursive: true, force: true });
});

const put = (store: BlobStore, key: string) => store.put(key, Readable.from([Buffer.from(key)]));

describe('blob deletions during a backup', () => {
  it('in one process: held while a backup runs, done when it ends; a new blob under the key is kept', async () => {
    const gate = memoryDeleteGate();
    const blobs = gateBlobDeletes(folder, gate);
    await put(blobs, 'documents/w/a');
    await put(blobs, 'documents/w/b');
    const release = gate.hold();
    await blobs.delete('documents/w/a');
    await blobs.delete('documents/w/b');
    expect(await folder.size('documents/w/a')).not.toBeNull();
    expect(blobs.waiting()).toBe(2);
    // Written again meanwhile (a key is never reused by the app, but a waiting deletion must not remove new content).
    await put(blobs, 'documents/w/b');
    release();
    await blobs.flush();
    expect(await folder.size('documents/w/a')).toBeNull();
    expect(await folder.size('documents/w/b')).not.toBeNull();
    expect(blobs.waiting()).toBe(0);
    blobs.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: held while any session holds the backup lock, done after', async () => {
    const blobs = gateBlobDeletes(folder, advisoryDeleteGate(ctx.db));
    await put(blobs, 'documents/w/c');
    const { default: pg } = await import('pg');
    const backup = new pg.Client({ connectionString: ctx.databaseUrl });
    await backup.connect();
    try {
      await backup.query('SELECT pg_advisory_lock($1::bigint)', [BACKUP_LOCK.toString()]);
      await blobs.delete('documents/w/c');
      expect(await folder.size('documents/w/c')).not.toBeNull();
      expect(blobs.waiting()).toBe(1);
      await blobs.flush();
      expect(blobs.waiting()).toBe(1);
      await backup.query('SELECT pg_advisory_unlock($1::bigint)', [BACKUP_LOCK.toString()]);
      await blobs.flush();
      expect(await folder.size('documents/w/c')).toBeNull();
      expect(blobs.waiting()).toBe(0);
    } finally {
      await backup.end();
      blobs.close();
    }
  });

  it('the advisory gate deletes at once when no backup runs', async () => {
    const blobs = gateBlobDeletes(folder, advisoryDeleteGate(ctx.db));
    await put(blobs, 'documents/w/d');
    await blobs.delete('documents/w/d');
    expect(await folder.size('documents/w/d')).toBeNull();
    expect(blobs.waiting()).toBe(0);
    blobs.close();
  });
});
