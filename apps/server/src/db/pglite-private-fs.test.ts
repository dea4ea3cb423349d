import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/database-template';
import { loosen, notPrivate } from '../test/file-modes';
import { openPglite } from './client';

// The embedded database's files are the account's alone: DATA_DIR and PGlite's folders 0700, its files 0600
// (docs/operations.md, "File permissions"), under this process's usual umask (022), not only main.ts's 077. The new
// data directory is made from the run's migrated template, as a first start loads the build's (a restore too); one
// PGlite's initdb makes: backup/backup.test.ts.
const root = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-modes-'));
const dataDir = path.join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// PGlite is slow to start on a busy 2-core machine.
describe('the embedded database on disk', { timeout: 120_000 }, () => {
  it('a new DATA_DIR is 0700 with every file 0600, while open (the lock, what PostgreSQL writes as it runs) and once closed', async () => {
    const template = pgliteTemplate();
    const database = await openPglite(dataDir, template ? { load: template } : {});
    await database.db.execute(sql`CREATE TABLE notes (id int PRIMARY KEY, note text)`);
    await database.db.execute(sql`INSERT INTO notes SELECT g, repeat('x', 100) FROM generate_series(1, 1000) g`);
    await database.db.execute(sql`CHECKPOINT`);
    expect(notPrivate(dataDir)).toEqual([]);
    await database.close();
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it("an older version's data directory (folders 0755, files 0666) is made private at start", async () => {
    loosen(dataDir);
    expect(notPrivate(dataDir)).toContain('pg/PG_VERSION 666');
    const database = await openPglite(dataDir);
    expect(notPrivate(dataDir)).toEqual([]);
    const count = (await database.db.execute(sql`SELECT count(*)::int AS n FROM notes`)) as unknown as { rows: { n: number }[] };
    expect(count.rows).toEqual([{ n: 1000 }]);
    await database.close();
  });
});
