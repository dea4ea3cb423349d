import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shareTargetHandler } from './src/sw/share-target';

/** The Fastify server the dev proxy forwards to (started separately, see the README). */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Installable web app (issue 26): the manifest and a Workbox service worker (vite-plugin-pwa's generateSW). The app
    // shell (every built file) is precached, so any route opens with no network; product API reads are answered from
    // the network when there is one and from the last answer when there is not (NetworkFirst), so the last-seen jobs,
    // tasks, contacts and documents lists open offline. Writes are never cached: the offline queue (lib/offline) keeps them.
    VitePWA({
      registerType: 'autoUpdate',
      // A small /registerSW.js file (the CSP allows no inline script), outside the route chunks.
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Fieldbook',
        short_name: 'Fieldbook',
        description: 'Jobs, tasks, documents, contacts and call recordings for contractors and their crews.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Web Share Target (issue 26): a PDF or photo shared from another app is posted here; the service worker
        // answers (runtimeCaching below), so it works offline and signed out, and the files wait in Documents for the
        // user's Upload (at most 10 files / 100 MB at a time: src/sw/share-target.ts).
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['application/pdf', '.pdf', 'image/*'] }] },
        },
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // recharts' chunk (analytics) is the largest file; everything built is precached.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Server paths are never the SPA.
        navigateFallbackDenylist: [/^\/(api|api-fast|auth|dev|metrics|healthz|readyz|\.well-known)(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // The share target's POST (manifest above), answered by the worker itself (src/sw/share-target.ts): the
            // shared files are kept on the device — at most 10 files and 100 MB waiting at a time, any page can post
            // here — and the app opens Documents, which offers them for upload. Workbox copies the function's text
            // into sw.js, so it is self-contained.
            urlPattern: ({ url, request }) => request.method === 'POST' && url.pathname === '/share-target',
            method: 'POST',
            handler: shareTargetHandler,
          },
          {
            // Product API reads (GET under /api, its multi-workspace alias, /api-fast) on any origin the API base may
            // point to, except file contents, audio, streams, the API's docs, a quote's client link (a capability, not
            // kept on the device) and photo images (signed links; a grid's hundreds of images would push the lists out of
            // this cache's 300 entries — the browser's HTTP cache keeps them). The pattern is written inside the
            // function: Workbox copies the function's text into sw.js, without the module around it.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /^\/(api|api-fast)\/(?!docs|recording-audio|shared-documents|photo-images\/|multi-workspace\/(recording-audio|shared-documents))(?!.*\/(content|audio|stream|download|playback-url|client-link)(\/|$)).+/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'fieldbook-api',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
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
