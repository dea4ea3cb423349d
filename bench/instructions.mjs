// Instructions per request of the app server, counted by valgrind's callgrind: a measure that other processes on
// the machine do not move (req/s and CPU time on these shared 2-core machines scatter by 20–30% from run to run).
// It counts what the server process executes — JavaScript, V8's compilers and collector, libuv, OpenSSL, all threads —
// not PostgreSQL's side (the same statements in every tree compared here; run.mjs measures that).
//
//   node bench/instructions.mjs [--tree=<checkout>] [--label=<name>] [--node=<node binary>] [--only=tasks10,homepage] [--requests=2000] [--rounds=3]
//
// --tree runs another checkout's bench/app-server.ts (an older commit, for a before/after), --node another runtime.
// The server starts under callgrind with instrumentation off (valgrind's own JIT is ~5× slower, callgrind's ~50×),
// is warmed up so V8 has optimised the hot path, then instrumentation is switched on and each round of requests is
// counted between two dumps (`callgrind_control`). Needs Debian's valgrind and the benchmark database.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const tree = path.resolve(args.tree ?? path.join(here, '..'));
const nodeBinary = args.node ?? process.execPath;
const REQUESTS = Number(args.requests ?? 2000);
const ROUNDS = Number(args.rounds ?? 3);
const WARMUP = Number(args.warmup ?? 4000);
const PORT = Number(args.port ?? 3141);

const ENDPOINTS = [
  { name: 'jobs', path: '/api/jobs' },
  { name: 'tasks', path: '/api/tasks' },
  { name: 'tasks10', path: '/api/tasks?limit=10' },
  { name: 'documents', path: '/api/documents' },
  { name: 'recordings', path: '/api/recordings' },
  { name: 'homepage', path: '/api-fast/optimized/homepage-data' },
  { name: 'search-roof', path: '/api/search?query=roof' },
  { name: 'search-misspelled', path: '/api/search?query=plumbng' },
].filter((e) => !args.only || args.only.split(',').includes(e.name));

const outDir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-callgrind-'));

// Under valgrind on a busy machine the server's start can take longer than Fastify's 10 s per plugin (its default
// pluginTimeout; '@fastify/static' timed out at a load average of 17): the timeout is lifted in the measured process
// only. It is read once, at start; nothing a request does depends on it.
const startAllowance = path.join(outDir, 'no-plugin-timeout.cjs');
writeFileSync(
  startAllowance,
  `try { require(require.resolve('fastify/lib/config-validator', { paths: [${JSON.stringify(tree)}] })).defaultInitOptions.pluginTimeout = 0; } catch {}\n`,
);

function startServer() {
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all', `--callgrind-out-file=${outDir}/cg.%p`, nodeBinary, '--require', startAllowance, '--import', 'tsx', 'bench/app-server.ts', String(PORT)],
    { cwd: tree, stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
  );
  let errors = '';
  child.stderr.on('data', (d) => (errors = (errors + d).slice(-4000)));
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve({ child, info: JSON.parse(buf.split('\n')[0]) });
    });
    child.once('exit', (code) => reject(new Error(`app-server exited with ${code}\n${errors}`)));
  });
}

function requests(url, headers, amount) {
  return new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 10, amount, timeout: 120 }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx || result.errors || result.timeouts) return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`));
      resolve(result.requests.total);
    }),
  );
}

/** Dumps callgrind's counters (they restart from zero) and returns the instructions since the last dump. */
function dump(pid) {
  const before = new Set(readdirSync(outDir));
  execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore' });
  const file = readdirSync(outDir).find((f) => !before.has(f) && !f.endsWith('.cmd'));
  if (!file) throw new Error('callgrind wrote no dump');
  const totals = /^(?:summary|totals):\s+(\d+)/m.exec(readFileSync(path.join(outDir, file), 'utf8'));
  return Number(totals[1]);
}

const { child, info } = await startServer();
const pid = child.pid;
const headers = { authorization: `Bearer ${info.token}` };
const version = execFileSync(nodeBinary, ['--version']).toString().trim();
// A tree that is not a git checkout (an exported commit) is named by --label, else by its folder.
const commit = args.label ?? gitCommit(tree);
function gitCommit(dir) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return path.basename(dir);
  }
}
console.log(`# ${commit} on Node ${version}: ${REQUESTS} requests × ${ROUNDS} rounds per endpoint, 10 connections`);
try {
  for (const e of ENDPOINTS) {
    const url = `${info.url}${e.path}`;
    await requests(url, headers, WARMUP);
    execFileSync('callgrind_control', ['-i', 'on', String(pid)], { stdio: 'ignore' });
    dump(pid); // what ran between the warm-up and this point
    const perRequest = [];
    for (let round = 0; round < ROUNDS; round++) {
      await requests(url, headers, REQUESTS);
      perRequest.push(dump(pid) / REQUESTS);
    }
    execFileSync('callgrind_control', ['-i', 'off', String(pid)], { stdio: 'ignore' });
    const sorted = [...perRequest].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    // The mean as well: a round that had a full (mark-compact) collection counts hundreds of thousands of instructions
    // more per request than one that had none (seen: 360k and 925k in two rounds of 1,000), so a median of two is
    // either; more, longer rounds make both steadier.
    const mean = perRequest.reduce((a, b) => a + b, 0) / perRequest.length;
    console.log(JSON.stringify({ endpoint: e.name, commit, node: version, instructionsPerRequest: Math.round(median), mean: Math.round(mean), rounds: perRequest.map(Math.round) }));
  }
} finally {
  child.kill('SIGTERM');
}
