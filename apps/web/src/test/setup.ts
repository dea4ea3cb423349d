// Runs before every web test file. Vitest globals are off, so Testing Library cannot register its own
// cleanup: unmount rendered trees after each test here.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait for what eventually appears; they are not timings (bench/ measures speed). Testing Library's
// 1 s is shorter than a busy 2-core machine may take to render a screen while the server tests run beside it.
configure({ asyncUtilTimeout: 5_000 });

// Files share one module cache and page per worker (root vitest.config.ts, `isolate: false`): each file starts with
// the empty storage it would have in a page of its own, whatever the file before it left behind (a file in the
// node environment, the service worker's, has none).
globalThis.localStorage?.clear();
globalThis.sessionStorage?.clear();

afterEach(() => {
  cleanup();
});
