import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Every Vitest project of the repository. Each keeps its own config file; a project joins once that file
 * exists (the web app may not have one yet). The server limits itself to two workers (each test file opens a
 * database), so the projects run one after the other: Vitest needs distinct `sequence.groupOrder`s when
 * projects use different worker counts.
 */
const projects = [
  { dir: 'apps/server', order: 0 },
  { dir: 'apps/web', order: 1 },
].filter(({ dir }) => existsSync(`${dir}/vitest.config.ts`));

export default defineConfig({
  test: {
    projects: projects.map(({ dir, order }) => ({
      extends: `./${dir}/vitest.config.ts`,
      test: { root: `./${dir}`, sequence: { groupOrder: order } },
    })),
  },
});
