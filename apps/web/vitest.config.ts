import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default is one worker less than the cores: a single worker on the 2-core machines.
    maxWorkers: 2,
    // A test's time limit catches a hang, not slowness: Vitest's 5 s is less than a screen test with several waits may
    // take on a busy 2-core machine (each wait allows 5 s, src/test/setup.ts).
    testTimeout: 20_000,
  },
});
