// Bundles the server for `npm start`: src/main.ts → dist/main.js, migrations → dist/migrations.
// npm packages stay external (resolved from node_modules at run time, native and wasm files included);
// the workspace contract package is TypeScript source, which Node cannot load, so it is bundled in.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const migrationsSrc = path.join(here, 'src/db/migrations');

/** Bundle `@fieldbook/*` workspace packages from source even though `packages: 'external'` is on. */
const bundleWorkspacePackages = {
  name: 'bundle-workspace-packages',
  setup(b) {
    b.onResolve({ filter: /^@fieldbook\// }, async (args) => {
      // Resolve as a plain file path so esbuild's external-package rule does not apply to it.
      const name = args.path.split('/').slice(0, 2).join('/');
      const dir = path.join(here, '../../packages', name.slice('@fieldbook/'.length));
      const sub = args.path.slice(name.length) || '/src/index.ts';
      const file = path.join(dir, sub);
      if (!existsSync(file)) return { errors: [{ text: `Workspace import ${args.path} not found at ${file}` }] };
      return { path: file };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const result = await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleWorkspacePackages],
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});

if (!existsSync(path.join(migrationsSrc, 'meta', '_journal.json'))) throw new Error(`No drizzle migrations in ${migrationsSrc}`);
cpSync(migrationsSrc, path.join(outdir, 'migrations'), { recursive: true });

const inputs = Object.keys(result.metafile.inputs);
if (!inputs.some((f) => f.includes('packages/contract/src/'))) throw new Error('The contract package was not bundled');
const kb = Math.round(result.metafile.outputs[path.relative(process.cwd(), path.join(outdir, 'main.js'))]?.bytes / 1024) || '?';
console.log(`server bundle: dist/main.js (${kb} kB, ${inputs.length} source files) + dist/migrations in ${Date.now() - started} ms`);
