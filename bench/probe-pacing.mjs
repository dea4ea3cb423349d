// Latency against rate, floor only: is the paced generator's p99 the server's? Starts bench/floor.ts and paces one
// endpoint at several rates (open loop), printing p50/p95/p99 and the load average.
//   node bench/probe-pacing.mjs [--path=/tasks10] [--rates=50,100,200,400,800] [--duration=8] [--connections=256]
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paced } from './paced.mjs';
import { requireProjectNode } from './project-node.mjs';

requireProjectNode();

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const PORT = 3132;
const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'floor.ts'), String(PORT)], { cwd: path.resolve(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => child.stdout.once('data', resolve));
const url = `http://127.0.0.1:${PORT}${args.path ?? '/tasks10'}`;
try {
  await paced({ url, rate: 200, duration: 2 });
  for (const rate of (args.rates ?? '50,100,200,400,800').split(',').map(Number)) {
    const r = await paced({ url, rate, duration: Number(args.duration ?? 8) });
    console.log(`${url} @${rate}/s p50 ${r.p50.toFixed(2)} p95 ${r.p95.toFixed(2)} p99 ${r.p99.toFixed(2)} max ${r.max.toFixed(1)} ms, errors ${r.errors} | load ${os.loadavg()[0].toFixed(2)}`);
  }
} finally {
  child.kill('SIGTERM');
}
