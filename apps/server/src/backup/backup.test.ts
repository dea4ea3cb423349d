import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openPglite, schema } from '../db/client';
import { memoryDeleteGate } from '../platform/blob-delete-gate';
import { folderBlobStore } from '../platform/blob-store';
import { loosen, notPrivate } from '../test/file-modes';
import { BLOB_KEY_SOURCES, backupPglite, restorePglite } from './backup';

/** Columns are declared in camelCase and named in snake_case by the client's casing option. */
const snake = (name: string) => name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

describe('backup', () => {
  it('copies the blobs of every table that keeps a blob key (a new one must be listed in BLOB_KEY_SOURCES)', () => {
    const withKeys = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => getTableConfig(t))
      .filter((t) => t.columns.some((c) => ['storage_key', 'blob_key'].includes(snake(c.name)) || (t.name === 'outbox_messages' && c.name === 'attachments')))
      .map((t) => t.name)
      .sort();
    expect(withKeys).toContain('documents');
    expect(BLOB_KEY_SOURCES.map((s) => s.table).sort()).toEqual(withKeys);
  });
});

// A backup holds the secrets and every file: like DATA_DIR, folders 0700 and files 0600 (docs/operations.md, "File
// permissions"); a restore makes DATA_DIR so whatever the backup's modes. The database is a new one from PGlite's
// initdb (which writes its files by another route than a tar loaded: pglite-private-fs.ts), slow on a busy machine.
describe('backup and restore on disk', { timeout: 120_000 }, () => {
  it('the backup is private, and a restore of an older one (folders 0755, files 0644) gives a private DATA_DIR', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-backup-modes-'));
    try {
      const dataDir = path.join(root, 'data');
      const out = path.join(root, 'backup');
      const database = await openPglite(dataDir);
      try {
        // What a backup reads, no more: a stored document naming its file, the secrets file.
        await database.db.execute(sql`CREATE TABLE documents (storage_key text, storage_type text, status text)`);
        await database.db.execute(sql`INSERT INTO documents VALUES ('documents/ws1/a', 'server', 'stored')`);
        const blobs = folderBlobStore(path.join(dataDir, 'blobs'));
        await blobs.put('documents/ws1/a', Readable.from([Buffer.from('invoice')]));
        writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: 'kept' }), { mode: 0o600 });
        const manifest = await backupPglite({ database, blobs, holdDeletes: memoryDeleteGate().hold, dataDir, out });
        expect(manifest).toMatchObject({ blobs: 1, secrets: true, missing_blobs: [] });
      } finally {
        await database.close();
      }
      expect(notPrivate(out)).toEqual([]);

      loosen(out, 0o644);
      const restored = path.join(root, 'restored');
      const result = await restorePglite({ dataDir: restored, from: out, replace: false, blobs: async () => folderBlobStore(path.join(restored, 'blobs')) });
      expect(result).toMatchObject({ blobs: 1, secrets: true });
      expect(notPrivate(restored)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
