import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** Where the committed drizzle migrations are: beside this file in src/, or copied next to the bundle in dist/. */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Migrations folder not found next to ${here}`);
}

/**
 * PGlite has no cross-process lock: two processes on one data dir would corrupt it.
 * We hold `<dir>/fieldbook.lock` with our pid; a stale lock (its process is gone) is taken over.
 */
function acquireLock(dir: string): () => void {
  const file = path.join(dir, 'fieldbook.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The data directory ${path.resolve(dir)} is in use by another Fieldbook process (pid ${pid}). ` +
            `Stop it, or set DATA_DIR to another directory.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The build's migrated empty database (dist/pglite-template.tar.gz beside dist/migrations), if present. */
function pgliteTemplate(): Blob | undefined {
  try {
    const file = path.join(migrationsDir(), '..', 'pglite-template.tar.gz');
    return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
  } catch {
    return undefined;
  }
}

/** Opens PGlite in `dataDir` (or in memory with `memory://`). */
export async function openPglite(dataDir: string | 'memory://'): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  let client;
  if (dataDir === 'memory://') {
    client = await PGlite.create({ extensions: { pg_trgm } });
  } else {
    const dir = path.resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    release = acquireLock(dir);
    try {
      const pgDir = path.join(dir, 'pg');
      // First start: copy the migrated empty database made by the build, if there is one (much faster than initdb).
      const template = existsSync(pgDir) ? undefined : pgliteTemplate();
      client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  // An idle client can be dropped by the server (restart, admin termination); pg then emits 'error' on the pool,
  // which would crash the process if nobody listens. The pool replaces the client on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = migrationsDir();
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}
