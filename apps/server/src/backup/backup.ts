import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { openPglite, type Database } from '../db/client';
import { assertBlobKey, type BlobStore } from '../platform/blob-store';
import { makePrivateDir, PRIVATE_DIR, PRIVATE_FILE, writePrivateFile } from '../platform/private-files';
import { SECRETS_FILE } from '../platform/secrets-file';
import { BACKUP_LOCK } from '../platform/blob-delete-gate';

/**
 * Backup and restore (docs/operations.md, Backups). A backup is a folder:
 *   manifest.json      written last: a folder without it is not a complete backup
 *   database.tar.gz    the embedded database (PGlite's dumpDataDir), or
 *   database.pgdump    PostgreSQL's `pg_dump --format=custom`
 *   blobs/<key>        every file the database's rows name, copied through the blob store (a folder or S3)
 *   secrets.json       DATA_DIR/secrets.json (the JWT secret) when there is one
 * Folders 0700 and files 0600, like DATA_DIR (platform/private-files.ts): a backup holds the secrets and every file.
 * Consistency: the database is read at one instant (PGlite: dumped inside a transaction, so no other statement runs
 * between its reads and the dump; PostgreSQL: pg_dump on a snapshot exported by our own transaction), the blob keys
 * are read at that same instant, and blob deletions wait from before that instant until the blobs are copied
 * (platform/blob-delete-gate.ts), so every row in the backup has its file.
 */

export const MANIFEST = 'manifest.json';
export type BackupManifest = {
  fieldbook_backup: 1;
  database: 'pglite' | 'postgres';
  database_file: string;
  created_at: string;
  blobs: number;
  blob_bytes: number;
  /** Keys a row named but the store did not have (reported, not fatal). */
  missing_blobs: string[];
  secrets: boolean;
  took_ms: number;
  /** The embedded database: how long the server's database work waited for the dump. */
  pause_ms?: number;
};

/**
 * Where rows name blobs, and the keys a backup copies: stored documents and recordings (an upload still arriving has
 * no file yet; the server's start-up sweep removes such rows after a restore), attachments of mail still to send, and
 * files still to copy to a user's Drive. A table that keeps a blob key must be listed here (backup.test.ts checks
 * the schema for storage_key / blob_key columns). Tables a database does not have yet (an older version) are skipped.
 */
export const BLOB_KEY_SOURCES: { table: string; keys: string }[] = [
  { table: 'documents', keys: `SELECT storage_key AS key FROM documents WHERE storage_type = 'server' AND storage_key IS NOT NULL AND status <> 'uploading'` },
  { table: 'recordings', keys: `SELECT storage_key FROM recordings WHERE status <> 'uploading'` },
  { table: 'outbox_messages', keys: `SELECT a->>'blob_key' FROM outbox_messages, jsonb_array_elements(attachments) a WHERE status = 'pending'` },
  { table: 'drive_copies', keys: `SELECT blob_key FROM drive_copies WHERE status = 'pending' AND blob_key IS NOT NULL` },
  // A job photo's original and its thumbnail (features/photos).
  { table: 'photos', keys: `SELECT storage_key FROM photos WHERE status <> 'uploading' UNION SELECT thumbnail_key FROM photos WHERE thumbnail_key IS NOT NULL` },
  // A photo's rendered markup and its thumbnail (features/photos markup-job.ts).
  { table: 'photo_markups', keys: `SELECT blob_key FROM photo_markups WHERE blob_key IS NOT NULL UNION SELECT thumbnail_key FROM photo_markups WHERE thumbnail_key IS NOT NULL` },
  // A work request's photos (features/work-requests).
  { table: 'work_request_photos', keys: `SELECT storage_key FROM work_request_photos WHERE status <> 'uploading'` },
];

/** The statement reading every blob key, over the tables `present` (read in the same transaction). */
function blobKeysQuery(present: Set<string>): string {
  return BLOB_KEY_SOURCES.filter((s) => present.has(s.table))
    .map((s) => s.keys)
    .join('\nUNION ');
}
const TABLES_PRESENT = `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename IN (${BLOB_KEY_SOURCES.map((s) => `'${s.table}'`).join(', ')})`;

/** An empty folder to write a backup into (created; an existing one must be empty), 0700. */
async function prepareOut(out: string): Promise<void> {
  const names = await readdir(out).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (names.length > 0) throw new Error(`${out} is not empty: give a new folder for the backup`);
  makePrivateDir(out);
}

/** A new file of the backup, 0600. */
const writeNew = (file: string, data: string | Uint8Array) => writeFile(file, data, { flag: 'wx', mode: PRIVATE_FILE });

async function copyBlobsOut(blobs: BlobStore, keys: string[], out: string): Promise<{ count: number; bytes: number; missing: string[] }> {
  let count = 0;
  let bytes = 0;
  const missing: string[] = [];
  const queue = [...new Set(keys)].sort();
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      assertBlobKey(key);
      const blob = await blobs.get(key);
      if (!blob) {
        missing.push(key);
        continue;
      }
      const file = path.join(out, 'blobs', ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      await pipeline(blob.body, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE }));
      count++;
      bytes += (await stat(file)).size;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { count, bytes, missing: missing.sort() };
}

async function copySecrets(dataDir: string, out: string): Promise<boolean> {
  const file = path.join(dataDir, SECRETS_FILE);
  if (!existsSync(file)) return false;
  // Read and written rather than copied: a copy would keep the source's mode.
  await writeNew(path.join(out, SECRETS_FILE), await readFile(file));
  return true;
}

/**
 * The last step of either backup: the secrets file, then the manifest — written last, so a folder with a manifest is
 * a whole backup (restore refuses one without).
 */
async function finishBackup(
  out: string,
  dataDir: string,
  started: number,
  copied: { count: number; bytes: number; missing: string[] },
  what: Pick<BackupManifest, 'database' | 'database_file' | 'pause_ms'>,
): Promise<BackupManifest> {
  const secrets = await copySecrets(dataDir, out);
  const manifest: BackupManifest = {
    fieldbook_backup: 1,
    database: what.database,
    database_file: what.database_file,
    created_at: new Date(started).toISOString(),
    blobs: copied.count,
    blob_bytes: copied.bytes,
    missing_blobs: copied.missing,
    secrets,
    took_ms: Date.now() - started,
    ...(what.pause_ms === undefined ? {} : { pause_ms: what.pause_ms }),
  };
  await writeNew(path.join(out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * The embedded database, while the server runs (through its admin socket) or not (the CLI opens the data directory).
 * `holdDeletes` keeps blob deletions waiting until the blobs are copied.
 */
export async function backupPglite(opts: { database: Database; blobs: BlobStore; holdDeletes: () => () => void; dataDir: string; out: string }): Promise<BackupManifest> {
  const started = Date.now();
  const out = path.resolve(opts.out);
  await prepareOut(out);
  const release = opts.holdDeletes();
  try {
    let keys: string[] = [];
    let data: Blob | undefined;
    // One instant: inside the transaction nothing else runs on PGlite, and dumpDataDir runs between two statements.
    // Every other statement waits meanwhile (about 0.5 s for an empty database), so the tar is compressed after it.
    const paused = Date.now();
    await opts.database.db.transaction(async (tx) => {
      const present = new Set(rowsOf<{ name: string }>(await tx.execute(sql.raw(TABLES_PRESENT))).map((r) => r.name));
      keys = rowsOf<{ key: string }>(await tx.execute(sql.raw(blobKeysQuery(present)))).map((r) => r.key);
      data = await opts.database.dumpDataDir!();
    });
    const pauseMs = Date.now() - paused;
    await writeNew(path.join(out, 'database.tar.gz'), await promisify(gzip)(Buffer.from(await data!.arrayBuffer())));
    const copied = await copyBlobsOut(opts.blobs, keys, out);
    return await finishBackup(out, opts.dataDir, started, copied, { database: 'pglite', database_file: 'database.tar.gz', pause_ms: pauseMs });
  } finally {
    release();
  }
}

/** PostgreSQL, while any number of servers run: pg_dump on our transaction's snapshot, under the backup lock. */
export async function backupPostgres(opts: { url: string; blobs: BlobStore; dataDir: string; out: string }): Promise<BackupManifest> {
  const started = Date.now();
  const out = path.resolve(opts.out);
  await prepareOut(out);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    // Taken before the snapshot: deletions asked for from now on wait (every process checks this lock, shared).
    await client.query('SELECT pg_advisory_lock($1::bigint)', [BACKUP_LOCK.toString()]);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
    const present = new Set((await client.query<{ name: string }>(TABLES_PRESENT)).rows.map((r) => r.name));
    const keys = (await client.query<{ key: string }>(blobKeysQuery(present))).rows.map((r) => r.key);
    const dump = path.join(out, 'database.pgdump');
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dump}`], opts.url);
    // pg_dump creates it under its umask (ours, 077, when run by main.ts; 022 commonly otherwise).
    await chmod(dump, PRIVATE_FILE);
    const copied = await copyBlobsOut(opts.blobs, keys, out);
    await client.query('COMMIT');
    return await finishBackup(out, opts.dataDir, started, copied, { database: 'postgres', database_file: 'database.pgdump' });
  } finally {
    // Ends the transaction and the session: the backup lock goes with it.
    await client.end().catch(() => {});
  }
}

export async function readManifest(from: string, database: BackupManifest['database']): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${from} has no ${MANIFEST}: not a complete Fieldbook backup`);
  }
  if (manifest.fieldbook_backup !== 1) throw new Error(`${from}: unknown backup format ${String(manifest.fieldbook_backup)}`);
  if (manifest.database !== database) {
    throw new Error(
      `${from} is a backup of ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}, and this configuration uses ${database === 'pglite' ? 'the embedded database (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}`,
    );
  }
  return manifest;
}

/** Every file under the backup's blobs/ into the store; answers how many. */
async function restoreBlobs(blobs: BlobStore, from: string): Promise<number> {
  const root = path.join(from, 'blobs');
  if (!existsSync(root)) return 0;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    await blobs.put(key, createReadStream(file));
    count++;
  }
  return count;
}

/** The backup's secrets.json into DATA_DIR, 0600 whatever the backup's mode (an older backup's is 0644). */
async function restoreSecrets(from: string, dataDir: string): Promise<boolean> {
  const file = path.join(from, SECRETS_FILE);
  if (!existsSync(file)) return false;
  makePrivateDir(dataDir);
  writePrivateFile(path.join(dataDir, SECRETS_FILE), await readFile(file));
  return true;
}

export type RestoreResult = { database: BackupManifest['database']; blobs: number; secrets: boolean; replaced: string | null; took_ms: number };

/**
 * Into DATA_DIR, with no server running on it (the data-dir lock says so). A DATA_DIR that has a database already is
 * refused unless `replace`: then its database, blobs and secrets are moved into DATA_DIR/replaced-<time>/ first.
 */
export async function restorePglite(opts: { dataDir: string; from: string; replace: boolean; blobs: () => Promise<BlobStore> }): Promise<RestoreResult> {
  const started = Date.now();
  const from = path.resolve(opts.from);
  const manifest = await readManifest(from, 'pglite');
  const dataDir = path.resolve(opts.dataDir);
  makePrivateDir(dataDir);
  let replaced: string | null = null;
  const release = acquireDataDirLock(dataDir);
  try {
    const present = ['pg', 'blobs', SECRETS_FILE].filter((name) => existsSync(path.join(dataDir, name)));
    if (existsSync(path.join(dataDir, 'pg'))) {
      if (!opts.replace) throw new Error(`${dataDir} has a database already: restore into an empty DATA_DIR, or add --replace to move it aside first`);
    }
    if (opts.replace && present.length > 0) {
      replaced = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await mkdir(replaced, { mode: PRIVATE_DIR });
      for (const name of present) await rename(path.join(dataDir, name), path.join(replaced, name));
    }
  } finally {
    release();
  }
  const data = new Blob([await promisify(gunzip)(await readFile(path.join(from, manifest.database_file)))]);
  // PGlite creates the data directory from the dump (its crash image: recovered now) and is closed cleanly.
  const database = await openPglite(dataDir, { load: data });
  await database.db.execute(sql`SELECT 1`);
  await database.close();
  const blobs = await restoreBlobs(await opts.blobs(), from);
  const secrets = await restoreSecrets(from, dataDir);
  return { database: 'pglite', blobs, secrets, replaced, took_ms: Date.now() - started };
}

/**
 * Into DATABASE_URL's database with no server connected to it. A database with tables is refused unless `replace`:
 * then its schemas public and drizzle are dropped first.
 */
export async function restorePostgres(opts: { url: string; dataDir: string; from: string; replace: boolean; blobs: () => Promise<BlobStore> }): Promise<RestoreResult> {
  const started = Date.now();
  const from = path.resolve(opts.from);
  const manifest = await readManifest(from, 'postgres');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    const others = (
      await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
    ).rows[0]!.n;
    if (others > 0) throw new Error(`${others} other connection${others === 1 ? ' is' : 's are'} open on this database: stop every Fieldbook process first`);
    const tables = (
      await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`)
    ).rows[0]!.n;
    if (tables > 0) {
      if (!opts.replace) throw new Error(`The database has ${tables} tables already: restore into an empty database, or add --replace to drop its schemas public and drizzle first`);
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
    }
  } finally {
    await client.end().catch(() => {});
  }
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', path.join(from, manifest.database_file)], opts.url);
  const blobs = await restoreBlobs(await opts.blobs(), from);
  const secrets = await restoreSecrets(from, opts.dataDir);
  return { database: 'postgres', blobs, secrets, replaced: null, took_ms: Date.now() - started };
}

/** Runs pg_dump/pg_restore on `url`; the password goes in the environment, not on the command line (ps shows that). */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${target.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error(`${tool} is not installed (it comes with PostgreSQL's client tools, of the server's major version or newer)`) : err),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** PGlite's execute answers { rows }, node-postgres' too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

