// The embedded default's memory (design.md §11: ≤ 400 MB; issue 37): the built server as `npm start` runs it — PGlite
// in its process, a fresh DATA_DIR, the demo data — idle, then under an open-loop mix of the signed-in reads, then idle
// again. VmRSS every second; VmHWM (the peak since start) at ready and at the end.
//   npm run build && node bench/embedded-memory.mjs [--rate=50] [--seconds=120] [--idle=20]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLoop } from './paced.mjs';
import { assertBuilt, signIn, startServer } from '../scripts/lib/server-process.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const RATE = Number(args.rate ?? 50);
const SECONDS = Number(args.seconds ?? 120);
const IDLE_S = Number(args.idle ?? 20);
const ADMIN = { email: 'admin@fieldbook.local', password: 'embedded-memory-9' };
const mb = (kb) => Math.round(Number(kb) / 1024);
const status = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: mb(/VmRSS:\s+(\d+)/.exec(s)[1]), hwm: mb(/VmHWM:\s+(\d+)/.exec(s)[1]) };
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

assertBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-embedded-memory-'));
const server = await startServer('embedded', { DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_ADMIN_EMAIL: ADMIN.email, DEMO_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' });
try {
  await server.ready();
  const pid = server.child.pid;
  const atReady = status(pid);
  // Idle, sampled every 100 ms: the largest resident size and when (seconds after ready).
  const readyAt = performance.now();
  let idlePeak = { rss: 0, at: 0 };
  const fine = setInterval(() => {
    const { rss } = status(pid);
    if (rss > idlePeak.rss) idlePeak = { rss, at: Math.round((performance.now() - readyAt) / 100) / 10 };
  }, 100);
  await sleep(IDLE_S * 1000);
  clearInterval(fine);
  const idle = status(pid);
  const { token } = await signIn(server.base, ADMIN.email, ADMIN.password);
  const signedIn = status(pid);
  const today = new Date().toISOString().slice(0, 10);
  const paths = ['/api/jobs', '/api/tasks', '/api/tasks?limit=10', '/api/documents', '/api/recordings', '/api-fast/optimized/homepage-data', '/api/search?query=roof', `/api/visits?from=${today}&to=${today}`, '/api/contacts'];
  const target = new URL(server.base);
  const items = paths.map((p) => ({ path: p, request: Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`, 'latin1') }));
  const samples = [];
  const sampler = setInterval(() => samples.push(status(pid).rss), 1000);
  const latencies = [];
  let bad = 0;
  const statuses = new Map();
  await openLoop({
    url: server.base,
    rate: RATE,
    duration: SECONDS,
    drainMs: 30_000,
    next: (i) => items[i % items.length],
    onResult: (item, o) => {
      if (o.error || o.status >= 300) {
        bad++;
        statuses.set(`${item.path} ${o.error ?? o.status}`, (statuses.get(`${item.path} ${o.error ?? o.status}`) ?? 0) + 1);
      } else latencies.push(o.latency);
    },
  });
  clearInterval(sampler);
  const underLoad = { max: Math.max(...samples), last: samples.at(-1), mean: Math.round(samples.reduce((a, b) => a + b, 0) / samples.length) };
  await sleep(IDLE_S * 1000);
  const after = status(pid);
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)].toFixed(1);
  console.log(`embedded (PGlite) built server, demo data, ${RATE} req/s × ${SECONDS} s over ${paths.length} reads: ${latencies.length} ok, ${bad} not (${[...statuses].map(([k, v]) => `${k} ×${v}`).join(', ') || 'none'}), p50 ${p(0.5)} p95 ${p(0.95)} p99 ${p(0.99)} ms`);
  console.log(`VmRSS MB: at ready ${atReady.rss} (peak so far ${atReady.hwm}), idle after ${IDLE_S} s ${idle.rss} (largest while idle ${idlePeak.rss} at +${idlePeak.at} s, peak ${idle.hwm}), after the sign-in ${signedIn.rss} (peak ${signedIn.hwm}), under load mean ${underLoad.mean} max ${underLoad.max} last ${underLoad.last}, idle again ${after.rss}; VmHWM at the end ${after.hwm}`);
  console.log(`load average at the end: ${load()}; Node ${process.version}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
