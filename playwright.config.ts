import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/lib/server-flags.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, DEAD_API_ORIGIN, E2E_PORT } from './e2e/support/env';

/**
 * Browser tests drive the BUILT app (`npm run build` first) in Debian's Chromium (its headless shell). The server runs from
 * apps/server/dist on its own port with a fresh data directory; tests create their own users.
 */
export default defineConfig({
  testDir: 'e2e',
  // Two workers share one server process (and, in CI, a two-core machine with the build and other suites): a page
  // can wait seconds for its first answer while the other worker seeds data. Generous waits, never retries.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace: every action with the page's DOM before and after, the network and the console —
    // but not the screencast (`screenshots`), which made Chromium encode frames all through every test: the compositor
    // and browser processes used more CPU than the pages and the server together, and jobs.spec took 65–70 s instead of
    // 36–40 s (issue 38). The failure itself still gets a screenshot (below).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The app's service worker (issue 26) answers API reads itself, around page.route and the request counts the specs
    // rely on; only e2e/pwa.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
    // prefers-reduced-motion, which the app's theme honours: no dialog is clicked mid-transition. A busy machine once
    // held a modal at its entry offset for two frames (Playwright's "stable"), then slid it down under the click
    // (recorder-bridge.spec.ts, Settings › Call Recorder, 2026-12-06).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // Debian's headless shell: the same Blink and V8 as /usr/bin/chromium without the full browser's UI
          // processes. On a busy machine the same specs took 135–146 s instead of 243–248 s (issue 38); on a quiet one
          // the difference is small. The specs that need the full browser (installability, the fake microphone)
          // launch /usr/bin/chromium themselves.
          executablePath: '/usr/bin/chromium-headless-shell',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    // With `npm start`'s flags (scripts/lib/server-flags.mjs), so the browser tests run the server as production does.
    command: ['node', ...SERVER_NODE_FLAGS, 'e2e/start-server.mjs'].join(' '),
    url: `${BASE_URL}/auth/v1/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: path.join(os.tmpdir(), `fieldbook-e2e-${E2E_PORT}`),
      SEED_DEMO: 'true',
      DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      AUTH_AUTOCONFIRM: 'false',
      AUTH_RATE_LIMIT: '100000',
      DEV_MAILBOX: 'true',
      // An allowed API origin where nothing answers (port 9, discard): a user's API URL that has gone dark.
      API_ALLOWED_ORIGINS: DEAD_API_ORIGIN,
      // No Android download from this server, even if the shell exports one: /download's "not available" case
      // (e2e/download.spec.ts starts its own server with an APK URL).
      ANDROID_APK_URL: '',
      LOG_LEVEL: 'warn',
      // A private copy of the built SPA, when the shared apps/web/dist may be rebuilt during the run.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
