import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { openPglite } from '../db/client';
import type { BlobStore } from '../platform/blob-store';
import { memoryDeleteGate } from '../platform/blob-delete-gate';
import { adminSocketPath, askForBackup } from './admin-socket';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';

const USAGE = `Usage (from the repository root, with the server's environment: DATA_DIR, DATABASE_URL, S3_URL):
  npm run backup -- --out <new folder>              while the server runs (or not)
  npm run restore -- --from <backup folder> [--replace]   with every server stopped`;

/**
 * `node dist/main.js backup --out <dir>` / `restore --from <dir> [--replace]` (npm run backup / restore). The embedded
 * database is backed up by the running server through its admin socket, or, with no server running, by opening the
 * data directory here; PostgreSQL by pg_dump from here, whatever servers run. Answers the exit code.
 */
export async function runBackupCli(argv: string[], config: Config, openBlobs: () => Promise<BlobStore>): Promise<number> {
  const [command, ...rest] = argv;
  let values: { out?: string; from?: string; replace?: boolean };
  try {
    ({ values } = parseArgs({ args: rest, options: { out: { type: 'string' }, from: { type: 'string' }, replace: { type: 'boolean' } } }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (command === 'backup') {
    if (!values.out) return usage('--out <folder> is required');
    const out = path.resolve(values.out);
    const manifest = config.databaseUrl
      ? await backupPostgres({ url: config.databaseUrl, blobs: await openBlobs(), dataDir: config.dataDir, out })
      : ((await askForBackup(config.dataDir, out)) ?? (await backupStoppedPglite(config, openBlobs, out)));
    console.log(`Backup written to ${out}\n${JSON.stringify(manifest, null, 2)}`);
    return 0;
  }
  if (command === 'restore') {
    if (!values.from) return usage('--from <folder> is required');
    const opts = { dataDir: config.dataDir, from: values.from, replace: values.replace ?? false, blobs: openBlobs };
    const result = config.databaseUrl ? await restorePostgres({ ...opts, url: config.databaseUrl }) : await restorePglite(opts);
    console.log(`Restored ${path.resolve(values.from)}\n${JSON.stringify(result, null, 2)}`);
    return 0;
  }
  return usage(`unknown command ${command}`);
}

function usage(problem: string): number {
  console.error(`${problem}\n${USAGE}`);
  return 2;
}

/** No server answers on the admin socket: open the data directory ourselves (its lock refuses if a server holds it). */
async function backupStoppedPglite(config: Config, openBlobs: () => Promise<BlobStore>, out: string) {
  const database = await openPglite(config.dataDir).catch((err: unknown) => {
    // The lock is held but nobody answered on the socket: the server could not serve it (see its start-up log).
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nA running server makes the backup itself when asked over ${adminSocketPath(config.dataDir)}; it did not answer there.`);
  });
  try {
    return await backupPglite({ database, blobs: await openBlobs(), holdDeletes: memoryDeleteGate().hold, dataDir: config.dataDir, out });
  } finally {
    await database.close();
  }
}
