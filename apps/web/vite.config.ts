import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Fastify server the dev proxy forwards to (started separately, see the README). */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_TARGET, // also covers /api-fast
      '/auth/': API_TARGET,
      '/dev/': API_TARGET,
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    modulePreload: {
      // Every browser we support has <link rel=modulepreload>; the polyfill would only add to the first chunk.
      polyfill: false,
      // index.html preloads the entry's chunks. Lazy routes load their own imports when they load: listing
      // every route's dependencies in the entry chunk would grow the login route (150 kB budget) with each screen.
      resolveDependencies: (_file, deps, ctx) => (ctx.hostType === 'html' ? deps : []),
    },
    // Route chunks are measured against design.md §11 (login ≤ 150 kB gzip, no chunk > 250 kB gzip).
    chunkSizeWarningLimit: 700,
  },
});
