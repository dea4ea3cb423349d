// Bundles the server for `npm start`: src/main.ts → dist/main.js, migrations → dist/migrations; the children that read
// untrusted files (platform/untrusted runInChild, forked once per file): the documents' processing
// (src/features/documents/extract-worker.ts) → dist/document-extract.js, PNG images (signatures;
// src/platform/untrusted/png-child.ts) → dist/untrusted-png.js, photo thumbnails (src/features/photos/thumbnail-child.ts)
// → dist/photo-thumbnail.js.
// How it is bundled: bundle-options.mjs (the load benchmark bundles its app the same way).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_DIST, serverBundleOptions } from './bundle-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = SERVER_DIST;
const migrationsSrc = path.join(here, 'src/db/migrations');

async function writePgliteTemplate(file) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle({ client }), { migrationsFolder: migrationsSrc });
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const result = await build(
  serverBundleOptions({
    main: path.join(here, 'src/main.ts'),
    'document-extract': path.join(here, 'src/features/documents/extract-worker.ts'),
    'untrusted-png': path.join(here, 'src/platform/untrusted/png-child.ts'),
    'photo-thumbnail': path.join(here, 'src/features/photos/thumbnail-child.ts'),
  }),
);

if (!existsSync(path.join(migrationsSrc, 'meta', '_journal.json'))) throw new Error(`No drizzle migrations in ${migrationsSrc}`);
cpSync(migrationsSrc, path.join(outdir, 'migrations'), { recursive: true });

// A migrated empty database, so that a first `npm start` copies it instead of running initdb and every
// migration (about 1 s instead of 3–4 s on these machines; design.md §11 cold start ≤ 5 s).
await writePgliteTemplate(path.join(outdir, 'pglite-template.tar.gz'));

const inputs = Object.keys(result.metafile.inputs);
if (!inputs.some((f) => f.includes('packages/contract/src/'))) throw new Error('The contract package was not bundled');
const kb = Math.round(result.metafile.outputs[path.relative(process.cwd(), path.join(outdir, 'main.js'))]?.bytes / 1024) || '?';
console.log(`server bundle: dist/main.js (${kb} kB, ${inputs.length} source files) + dist/migrations in ${Date.now() - started} ms`);
