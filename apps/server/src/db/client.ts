import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { default as PgModule, Client as PgClient } from 'pg';
import { makePrivateDir, tightenTree } from '../platform/private-files';
import { acquireDataDirLock } from './data-dir-lock';
import { requestTransactionAware } from './request-transaction';
import * as schema from './schema';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(async (tx) => …). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** No other process uses this database (PGlite behind its data-dir lock): what a crash left can go at start. */
  exclusive: boolean;
  close: () => Promise<void>;
  /** PostgreSQL only: LISTEN on a channel over a dedicated connection (see `listen` below). */
  listen?: (channel: string, handlers: ListenHandlers) => Listener;
  /**
   * PGlite only: the data directory as a tar (PGlite's dumpDataDir), taken between two statements. Called inside
   * `db.transaction` it is the same instant as the transaction's reads: no other statement runs until it ends.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: runs `work` while holding advisory lock `key`, so one process of all those on the database at a time. */
  withAdvisoryLock?: <T>(key: bigint, work: () => Promise<T>) => Promise<T>;
};

/**
 * The advisory lock start-up migrations run under: processes started together on one database would otherwise all
 * see nothing applied and all run the first migration (all but one then fail on "already exists"). The others
 * wait for it, then find every migration applied.
 */
const MIGRATION_LOCK = 0x46_42_4d_49_47n; // "FBMIG"

export type ListenHandlers = {
  onMessage: (payload: string) => void;
  /** LISTEN has succeeded (first time or after a reconnect): from now on no notification is missed. */
  onListening: () => void;
  /** The connection is gone; notifications may be missed until the next onListening. */
  onLost: () => void;
};
export type Listener = { close: () => Promise<void> };

/** Where the committed drizzle migrations are: beside this file in src/, or copied next to the bundle in dist/. */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Migrations folder not found next to ${here}`);
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

/**
 * The embedded database's memory (issue 37, design.md §11: the embedded default ≤ 400 MB). PostgreSQL's default
 * shared_buffers (128 MB) lives inside PGlite's WebAssembly memory, which only grows: a server that had read its
 * tables once held 128 MB of page cache above the module's own 128 MB, in a process that is also the web server. The
 * data directory's files stay in the operating system's page cache anyway, so a smaller buffer pool costs a copy from
 * that cache on a miss, not a disk read (bench/README.md, issue 37: the list and search figures with both).
 */
const EMBEDDED_START_PARAMS = ['-c', 'shared_buffers=16MB'];

/**
 * Opens PGlite in `dataDir` (or in memory with `memory://`). `load`: a dumpDataDir tar to create a new data
 * directory from (a restore; the tests' migrated template) instead of the build's template.
 */
export async function openPglite(dataDir: string | 'memory://', opts: { load?: Blob } = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  let client;
  if (dataDir === 'memory://') {
    client = await PGlite.create({ extensions: { pg_trgm }, ...(opts.load ? { loadDataDir: opts.load } : {}) });
  } else {
    const { PrivateNodeFS } = await import('./pglite-private-fs');
    const dir = path.resolve(dataDir);
    // DATA_DIR is for this account alone (platform/private-files.ts): 0700, also one an older version made 0755.
    makePrivateDir(dir);
    release = acquireDataDirLock(dir);
    try {
      const pgDir = path.join(dir, 'pg');
      const isNew = !existsSync(pgDir);
      // First start: copy the migrated empty database made by the build, if there is one (much faster than initdb).
      const template = isNew ? (opts.load ?? pgliteTemplate()) : undefined;
      // Its files 0600 and folders 0700 (PrivateNodeFS); a cluster an older version wrote (files 0666) is tightened.
      if (isNew) makePrivateDir(pgDir);
      else tightenTree(pgDir);
      client = await PGlite.create({
        dataDir: pgDir,
        fs: new PrivateNodeFS(pgDir),
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS],
        ...(template ? { loadDataDir: template } : {}),
      });
    } catch (err) {
      release();
      throw err;
    }
  }
  // A request may ask for one transaction around all its statements (request-transaction.ts: idempotent writes).
  const db = requestTransactionAware(drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    exclusive: true,
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * How long a pooled connection may sit idle before it is closed: five minutes, not pg's 10 s. With 10 s, every dip in
 * load closed the connections a burst had opened and the next burst opened them again — a new backend, its caches
 * and its statements planned again, with requests queueing behind: 300–800 ms stalls every ~10 s at 400 req/s, on
 * the app and the benchmark's floor alike, gone with connections kept (bench/README.md, 2026-12-05 22:20, issue 37). An
 * idle backend costs PostgreSQL a few MB; the pool still shrinks after a quiet spell.
 */
export const POOL_IDLE_MS = 300_000;

/**
 * How many statements one process runs on PostgreSQL at once when DATABASE_POOL_SIZE does not say: twice the cores,
 * at least 4 and at most 20 — PostgreSQL's own rule for a CPU-bound load, ((cores × 2) + disks) of the database's machine, with this
 * machine's cores standing in for them (exact when the database runs beside the app; a larger database server sets
 * DATABASE_POOL_SIZE). A request beyond that waits in the pool's queue, which costs nothing, instead of as one more
 * backend sharing the cores: with a pool of 20 on 2 cores, a burst that had 20 backends running made each statement
 * ~60% dearer in PostgreSQL (tasks?limit=10 126 → 205 µs), so the load the cores had carried a moment before no longer
 * fitted and the queue stayed — at 6,000 req/s p50 0.2–0.7 s, app and floor alike, where a pool of 4 held p50 2 ms
 * and PostgreSQL's 130 µs (bench/README.md, 2026-12-07 night, issue 37). At most 20, the size before: on a many-core
 * app machine twice its cores would, with a few processes, pass PostgreSQL's default max_connections (100), and the
 * database's cores are not known here (a larger database sets DATABASE_POOL_SIZE).
 */
const MAX_DEFAULT_POOL_SIZE = 20;
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.min(MAX_DEFAULT_POOL_SIZE, Math.max(4, 2 * cores));
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // JIT off: PostgreSQL compiles a query with LLVM when its estimated cost passes jit_above_cost, which sums over
  // many invoices' CTEs (A/R, the Invoices screen's totals) reach while the query itself takes tens of ms — the
  // compilation then costs more than it saves (measured: A/R on 100,000 invoices 207 ms with JIT, bench/README.md).
  // Every statement of this app is a short OLTP one; none is the long analytical scan JIT is for.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? defaultPoolSize(), idleTimeoutMillis: POOL_IDLE_MS, options: '-c jit=off' });
  // An idle client can be dropped by the server (restart, admin termination); pg then emits 'error' on the pool,
  // which would crash the process if nobody listens. The pool replaces the client on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
  const db = requestTransactionAware(drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db);
  const listeners = new Set<Listener>();
  return {
    db,
    kind: 'postgres',
    exclusive: false,
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      await pool.end();
    },
    listen: (channel, handlers) => {
      const listener = listen(pg, url, channel, handlers);
      listeners.add(listener);
      return listener;
    },
    withAdvisoryLock: async (key, work) => {
      // A session lock on a connection of its own (not the pool's, whose connections the work itself needs): a
      // process that dies while holding it loses the connection, and the lock with it.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key.toString()]);
        return await work();
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

const RECONNECT_MS = { first: 500, max: 30_000 };

/**
 * A dedicated connection (not the pool's: a LISTEN belongs to its session) that LISTENs on `channel` and
 * reconnects with backoff when the server drops it, telling the handlers when notifications can be missed.
 */
function listen(pg: typeof PgModule, url: string, channel: string, handlers: ListenHandlers): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let current: PgClient | undefined;
  let isClosed = false;
  let delay = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (isClosed) return;
    const client = new pg.Client({ connectionString: url });
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      handlers.onLost();
      client.end().catch(() => {});
      if (isClosed) return;
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
      delay = Math.min(delay * 2, RECONNECT_MS.max);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (current !== client) return;
      delay = RECONNECT_MS.first;
      handlers.onListening();
    } catch (err) {
      if (current === client) console.warn(`LISTEN ${channel} failed: ${(err as Error).message}`);
      lost();
    }
  };
  void connect();
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      if (client) {
        handlers.onLost();
        await client.end().catch(() => {});
      }
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = migrationsDir();
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await database.withAdvisoryLock!(MIGRATION_LOCK, () => migrate(database.db as never, { migrationsFolder }));
  }
}
