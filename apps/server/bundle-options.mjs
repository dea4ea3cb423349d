// How the server is bundled, one home for the two bundles made from it: `npm run build` (build.mjs: src/main.ts and
// the untrusted-file children → dist/) and the load benchmark's app (bench/run.mjs: bench/app-server.ts →
// dist/bench-app-server.js), so that the benchmark measures the code `npm start` runs — esbuild's output, not tsx's
// per-file transform, which names every function expression at run time (keepNames) and costs a cheap list request
// microseconds the product does not pay (bench/README.md, issue 37).
// npm packages stay external (resolved from node_modules at run time, native and wasm files included); the workspace
// contract package is TypeScript source, which Node cannot load, so it is bundled in.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the bundles go: beside them dist/migrations and the build's database template (found next to the bundle). */
export const SERVER_DIST = path.join(here, 'dist');

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

/** esbuild's options for `entryPoints` ({ outName: sourceFile }) bundled into SERVER_DIST. */
export function serverBundleOptions(entryPoints) {
  return {
    entryPoints,
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    plugins: [bundleWorkspacePackages],
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  };
}
