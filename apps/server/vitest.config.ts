import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two workers fit the 2-core machines.
    maxWorkers: 2,
    // One migrated empty database per run, copied by every file (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
  },
});
