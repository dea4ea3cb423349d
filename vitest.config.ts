import { globSync, readFileSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import serverConfig from './apps/server/vitest.config.ts';
import webConfig from './apps/web/vitest.config.ts';

/**
 * Every Vitest project of the repository. Each app keeps its own config file; here each becomes two projects:
 *
 * - `<name>` runs its files in one module cache per worker (`isolate: false`): a server test file no longer pays
 *   for importing Fastify, drizzle, zod and PGlite again (issue 38: "import" was 254 s of a 654 s run), a web file
 *   no longer sets up React, Mantine and happy-dom again. Each file still opens its own database and app.
 * - `<name>-isolated` runs the files that change modules or globals for the files after them — module mocks
 *   (`vi.mock`, `vi.doMock`, `vi.resetModules`, the fake call-recorder plugin), a stubbed `location`, or ESLint's
 *   resolver (whose caches do not survive a shared module cache) — each in a fresh module cache as before.
 *
 * Which files are isolated is read from the files themselves, so a new test that mocks a module is isolated
 * without anyone listing it. Run one app's tests with `--project 'server*'` (both halves).
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|resetModules)\(|fake-call-recorder|stubGlobal\('location'|from 'eslint'/;

const apps = [
  { dir: 'apps/server', order: 0, config: serverConfig },
  { dir: 'apps/web', order: 1, config: webConfig },
];

function isolatedFiles(dir: string, include: string[]): string[] {
  return include.flatMap((pattern) => globSync(pattern, { cwd: dir })).filter((file) => NEEDS_ISOLATION.test(readFileSync(`${dir}/${file}`, 'utf8')));
}

// Each app's own config, with its include split in two (not `extends`: that would add the app's include to ours).
const projects: TestProjectInlineConfiguration[] = apps.flatMap(({ dir, order, config }) => {
  const { name, include = [], ...test } = config.test ?? {};
  const isolated = isolatedFiles(dir, include);
  const base = { ...config, test: { ...test, root: `./${dir}`, sequence: { groupOrder: order } } };
  return [
    { ...base, test: { ...base.test, name: String(name), isolate: false, include, exclude: isolated } },
    { ...base, test: { ...base.test, name: `${String(name)}-isolated`, isolate: true, include: isolated } },
  ];
});

export default defineConfig({ test: { projects } });
