// Server memory during resumable uploads (issue 26, design.md §11 "large files stream"):
//   npm run build && node --import tsx bench/upload-memory.ts [--sizes=20,100] [--port=3491]
// Starts the built server (apps/server/dist/main.js) on a fresh DATA_DIR (embedded PostgreSQL, the folder blob
// store), signs up one user, and uploads a recording of each size through tus with tus-js-client (the web app's
// client) from a file on disk — once straight through, once cut at 60% (the client aborted, the server keeps what
// arrived) and resumed from the server's offset. Meanwhile it samples the server process's resident memory
// (/proc/<pid>/status VmRSS) every 25 ms. "Flat" = the rise over the idle server is small and the same for 20 MB
// and 100 MB. Prints a Markdown table for bench/README.md.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { paddedWav } from '../apps/server/src/platform/uploads/resumable.test-helpers';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-flags.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const SIZES_MB = String(args.sizes ?? '20,100')
  .split(',')
  .map(Number);
const PORT = Number(args.port ?? 3491);
const root = path.resolve(import.meta.dirname, '..');
const url = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Samples the process's RSS until stopped: the peak and the samples. */
function sampler(pid: number) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push(await rssOf(pid));
      await sleep(25);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { peak: Math.max(...samples), samples };
    },
  };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-upload-memory-'));
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    AUTH_AUTOCONFIRM: 'true',
    DEV_MAILBOX: 'false',
    LOG_LEVEL: 'warn',
    UPLOAD_RATE_LIMIT: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${url}/auth/v1/health`).catch(() => null))?.ok) break;
    if (i > 300 || server.exitCode !== null) throw new Error('The server did not start (npm run build first?)');
    await sleep(100);
  }
  const signup = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.test`, password: 'bench-password-1', data: { phone_number: '+14155552671' } }),
  });
  const token = ((await signup.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error(`sign-up gave no session (${signup.status})`);

  /** One upload of `file` through tus; `stopAt` (a fraction) aborts it there and resumes it from the server's offset. */
  const upload = (file: string, size: number, key: string, stopAt?: number) =>
    new Promise<{ resumedFrom: number | null }>((resolve, reject) => {
      let resumedFrom: number | null = null;
      const options = {
        endpoint: `${url}/api/uploads/recordings`,
        uploadSize: size,
        metadata: { filename: path.basename(file), upload_key: key },
        headers: { Authorization: `Bearer ${token}` },
        retryDelays: [0, 500, 1000],
        onSuccess: () => resolve({ resumedFrom }),
        onError: reject,
      };
      const first = new Upload(createReadStream(file), {
        ...options,
        onProgress: (sent: number) => {
          if (stopAt === undefined || resumedFrom !== null || sent < size * stopAt) return;
          resumedFrom = -1;
          // Cut: the request is aborted (the server sees its connection close and keeps what arrived).
          void first.abort().then(async () => {
            await sleep(300);
            const head = await fetch(first.url!, { method: 'HEAD', headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' } });
            resumedFrom = Number(head.headers.get('upload-offset'));
            new Upload(createReadStream(file), { ...options, uploadUrl: first.url }).start();
          });
        },
      });
      first.start();
    });

  await sleep(2000); // the server settles after start (migrations, first requests)
  const idle = await rssOf(server.pid!);
  const rows: string[] = [];
  console.log(`server RSS at rest: ${round(idle / MB)} MB`);
  for (const mb of SIZES_MB) {
    const file = path.join(dataDir, `call-${mb}mb.wav`);
    await writeFile(file, paddedWav(mb * MB));
    for (const cut of [undefined, 0.6]) {
      const before = await rssOf(server.pid!);
      const watch = sampler(server.pid!);
      const started = performance.now();
      const { resumedFrom } = await upload(file, mb * MB, `bench-${mb}-${cut ?? 'whole'}-${Date.now()}`, cut);
      const ms = performance.now() - started;
      const { peak } = await watch.stop();
      await sleep(500);
      const after = await rssOf(server.pid!);
      const how = cut === undefined ? 'straight through' : `cut at ${Math.round((resumedFrom ?? 0) / MB)} MB, resumed`;
      rows.push(`| ${mb} MB | ${how} | ${round(before / MB)} | ${round(peak / MB)} | **+${round((peak - before) / MB)}** | ${round(after / MB)} | ${round(mb / (ms / 1000))} |`);
      console.log(rows.at(-1));
    }
  }
  console.log('\n| upload | how | RSS before (MB) | RSS peak (MB) | rise | RSS after (MB) | MB/s |\n|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stopServer();
}
