// The real server (buildApp) on the benchmark database, listening on loopback. Prints one JSON line
// {"url", "token"} with an access token of the benchmark user once it is ready. bench/run.mjs bundles it as the
// server is bundled (apps/server/bundle-options.mjs) and runs the bundle; a quick look runs it through tsx:
//   node --import tsx bench/app-server.ts <port>
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { folderBlobStore } from '../apps/server/src/platform/blob-store';
import { tuneHeapGrowth } from '../apps/server/src/platform/heap-growth';
import { createTokenSigner } from '../apps/server/src/platform/tokens';

const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const port = Number(process.argv[2] ?? 3131);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: BENCH_URL, PORT: String(port), SEED_DEMO: 'false', DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE });
// The pool main.ts opens (DATABASE_POOL_SIZE, else openPostgres' defaultPoolSize); the floor's is the same.
const database = await openPostgres(BENCH_URL, { max: config.databasePoolSize });
// As main.ts does on PostgreSQL.
tuneHeapGrowth(database.kind);
const signer = createTokenSigner('bench-secret-bench-secret-bench-secret-0123', `${config.publicUrl}/auth/v1`);
const blobs = folderBlobStore(path.join(os.tmpdir(), 'fieldbook-bench-blobs'));
const app = await buildApp({ config, database, signer, blobs, logger: false });
await app.listen({ port, host: '127.0.0.1' });

const result = (await database.db.execute(
  sql`SELECT u.id, u.email, s.id AS session_id FROM users u JOIN auth_sessions s ON s.user_id = u.id WHERE u.email = 'bench@fieldbook.local' LIMIT 1`,
)) as unknown as { rows: Array<{ id: string; email: string; session_id: string }> };
const user = result.rows[0];
if (!user) throw new Error('Run node bench/generate.mjs first');
const { token } = await signer.sign(
  { sub: user.id, email: user.email, phone: '', session_id: user.session_id, aal: 'aal1', amr: [], app_metadata: {}, user_metadata: {}, is_anonymous: false },
  new Date(),
);
// The administrator (workspace analytics).
const admins = (await database.db.execute(
  sql`SELECT u.id, u.email, s.id AS session_id FROM users u JOIN auth_sessions s ON s.user_id = u.id WHERE u.email = 'bench-admin@fieldbook.local' LIMIT 1`,
)) as unknown as { rows: Array<{ id: string; email: string; session_id: string }> };
const adminUser = admins.rows[0];
const adminToken = adminUser
  ? (
      await signer.sign(
        { sub: adminUser.id, email: adminUser.email, phone: '', session_id: adminUser.session_id, aal: 'aal1', amr: [], app_metadata: {}, user_metadata: {}, is_anonymous: false },
        new Date(),
      )
    ).token
  : null;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, token, adminToken }));

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
