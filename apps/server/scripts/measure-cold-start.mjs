// Measures `npm start` from process spawn to the first 200 (design.md §11 target: ≤ 5 s), twice:
// on an empty DATA_DIR (PGlite initdb + migrations + seed) and again on the same, now existing, data.
// Usage (after `npm run build`): node apps/server/scripts/measure-cold-start.mjs [port=3111] [path=/]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../../scripts/lib/server-flags.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const port = Number(process.argv[2] ?? 3111);
const probe = process.argv[3] ?? '/';
const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldbook-coldstart-'));
const TIMEOUT_MS = 60_000;

async function startOnce(label) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    while (performance.now() - t0 < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}${probe}`);
        if (res.status === 200) {
          const ms = Math.round(performance.now() - t0);
          console.log(`${label}: first 200 on ${probe} after ${ms} ms`);
          return ms;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no 200 on ${probe} within ${TIMEOUT_MS} ms`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

// A server left running on the port would answer instead and make the numbers meaningless.
const busy = await fetch(`http://127.0.0.1:${port}/`).then(
  () => true,
  () => false,
);
if (busy) {
  console.error(`Something already answers on port ${port}; stop it or pass another port.`);
  process.exit(1);
}

try {
  const cold = await startOnce('empty data dir ');
  const warm = await startOnce('existing data  ');
  console.log(`cold start: ${cold} ms (fresh), ${warm} ms (restart); target ≤ 5000 ms: ${Math.max(cold, warm) <= 5000 ? 'met' : 'MISSED'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
