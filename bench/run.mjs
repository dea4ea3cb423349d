// Load benchmark of the work API on real PostgreSQL (design.md §11), side by side with the floor.
//
//   node bench/generate.mjs          # once: 10k jobs / 100k tasks / 5k contacts (+ 20 other workspaces)
//   node bench/run.mjs [--only=jobs,tasks] [--duration=10] [--share=0.6] [--client=lean|autocannon] [--aa]
//
// Starts the real server (buildApp + openPostgres, bench/app-server.ts, bundled as `npm run build` bundles the server:
// apps/server/bundle-options.mjs; so run `npm run build` first) on 127.0.0.1:3131 and the floor
// (bare node:http + pg running the same SQL, bench/floor.ts) on 127.0.0.1:3132, then for every endpoint runs an
// unthrottled throughput run (10 connections, closed loop; app and floor in two halves of `duration` each, ABBA),
// evenly paced latency runs at `share` of the floor's maximum (and at the endpoint's fixed rate where the floor
// carries it), each `duration` seconds, and CPU per request. `--client=autocannon` makes the throughput and CPU runs
// with autocannon, as before 2026-12-06 (against the same floor it reached 7–21% fewer requests a second).
// Prints a table and writes bench/results.json. Loopback only; both children are stopped at the end.
// `--aa` measures the floor against a second floor in the app's place (an A/A run: same code both sides), to show how
// far the side-by-side figures move on this machine with no difference to find; it writes no results.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { closedLoop, paced, pacedRaw, summary } from './paced.mjs';
import { requireProjectNode } from './project-node.mjs';
import { SERVER_DIST, serverBundleOptions } from '../apps/server/bundle-options.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-flags.mjs';

requireProjectNode();
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const DURATION = Number(args.duration ?? 10);
/** The latency runs' rate as a share of the floor's measured maximum (issue 37: pace at what the machine carries). */
const PACED_SHARE = Number(args.share ?? 0.6);
/**
 * The warm-up's connections: more than either pool holds (db/client.ts defaultPoolSize, twice the cores within 4–20, or
 * DATABASE_POOL_SIZE for both), so both open all of theirs.
 */
const WARM_CONNECTIONS = Math.max(30, Number(process.env.DATABASE_POOL_SIZE ?? 0) + 10);
/** The throughput and CPU runs' client: paced.mjs' lean closed loop (default), or autocannon. */
const CLIENT = args.client ?? 'lean';
if (!['lean', 'autocannon'].includes(CLIENT)) {
  console.error(`--client=${CLIENT}: expected lean or autocannon`);
  process.exit(2);
}
const APP_PORT = 3131;
const FLOOR_PORT = 3132;
/** `--aa`: a second floor in the app's place (its own process and pool, on APP_PORT). */
const AA = 'aa' in args;
const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';

/** The analytics' zone: bench/queries.ts captures the floor's statements in the same (its ANALYTICS_TIME_ZONE). */
const ANALYTICS_TIME_ZONE = 'America/Chicago';

/** endpoint → app path, floor path, the rate of the latency run, and its target. */
const ENDPOINTS = [
  { name: 'jobs', app: '/api/jobs', floor: '/jobs', rate: 500, target: { p99: 15 } },
  { name: 'tasks', app: '/api/tasks', floor: '/tasks', rate: 500, target: { p99: 15 } },
  { name: 'tasks10', app: '/api/tasks?limit=10', floor: '/tasks10', rate: 500, target: { p99: 15 } },
  { name: 'documents', app: '/api/documents', floor: '/documents', rate: 500, target: { p99: 15 } },
  { name: 'recordings', app: '/api/recordings', floor: '/recordings', rate: 500, target: { p99: 15 } },
  // Workspace analytics (admin), one per range: an admin opens it now and then; 20/s is generous. In the zone the
  // browser sends (time_zone) and the floor replays (bench/queries.ts): without it the app counted by UTC days, a
  // cheaper statement than the floor's, and read up to 148% of the floor's throughput (bench/README.md, 2026-12-07 day).
  ...[7, 30, 90, 365].map((d) => ({ name: `analytics${d}`, app: `/api/analytics/recordings?days=${d}&time_zone=${ANALYTICS_TIME_ZONE}`, floor: `/analytics${d}`, rate: 20, target: { p95: 50 }, as: 'admin' })),
  { name: 'homepage', app: '/api-fast/optimized/homepage-data', floor: '/homepage', rate: 500, target: { p99: 15 } },
  // Searches are typed (500 ms debounce): 20/s is a busy office. Their throughput run shows the ceiling.
  { name: 'search-roof', app: '/api/search?query=roof', floor: '/search-roof', rate: 20, target: { p95: 50 } },
  { name: 'search-misspelled', app: '/api/search?query=plumbng', floor: '/search-misspelled', rate: 20, target: { p95: 50 } },
].filter((e) => !args.only || args.only.split(',').includes(e.name));

/**
 * The app as production runs it: bench/app-server.ts bundled with the server's own esbuild options beside dist/main.js
 * (it finds dist/migrations there). Run through tsx instead, each function expression is named at run time (tsx's
 * keepNames) and a cheap list request paid microseconds `npm start` does not (bench/README.md, 2026-12-06 night).
 */
async function bundleApp() {
  if (!existsSync(path.join(SERVER_DIST, 'migrations'))) throw new Error('Run `npm run build` first: the app is measured as built (apps/server/dist)');
  await build(serverBundleOptions({ 'bench-app-server': path.join(here, 'app-server.ts') }));
  return path.join(SERVER_DIST, 'bench-app-server.js');
}

/** Starts the app (its bundle) or the floor (floor.ts through tsx), both with `npm start`'s flags; resolves with its first line. */
function start(script, port) {
  // Both run with `npm start`'s flags (scripts/lib/server-flags.mjs), so the app's memory and scavenges are
  // production's and the floor's young generation is the app's: under Node 24's default the floor scavenged rarely but
  // ran ~1 full collection a second at 2,000 req/s (up to 19 ms each), a tail the app does not have.
  const argv = script.endsWith('.js') ? [...SERVER_NODE_FLAGS, script] : [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(here, script)];
  const child = spawn(process.execPath, [...argv, String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const line = buf.split('\n')[0];
      if (buf.includes('\n')) resolve({ child, info: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** An unthrottled run: `connections` in a closed loop for `duration` seconds or `amount` answers (CLIENT's). */
function load({ url, headers, duration, amount, connections = 10 }) {
  return CLIENT === 'autocannon' ? autocannonLoad({ url, headers, duration, amount, connections }) : closedLoop({ url, headers, duration, amount, connections });
}

/**
 * Throughput of app and floor side by side: two halves of `duration` each, in the order app, floor, floor, app, so a
 * steady drift of the machine during the minute falls on both alike. (Alternating app, floor, app, floor, as before
 * 2026-12-07, gave the floor the later slots: over 92 earlier rows a side's second half read 2–4% above its first, so
 * that order took ~1.5 points off the app's share.) Requests/s over both halves.
 */
async function maxSideBySide({ app, floor, duration }) {
  const halves = await inHalves(app, floor, (side) => load({ ...side, duration: duration / 2 }));
  const sum = (runs) => ({ ...totals(runs), halves: runs.map((r) => r.rps), p99: Math.max(...runs.map((r) => r.p99)) });
  return { app: sum(halves.app), floor: sum(halves.floor) };
}

/** Runs `measure(side)` for app and floor in the order app, floor, floor, app; each side's two results. */
async function inHalves(app, floor, measure) {
  const halves = { app: [], floor: [] };
  for (const side of ['app', 'floor', 'floor', 'app']) halves[side].push(await measure(side === 'app' ? app : floor));
  return halves;
}

/** A side's counts over its halves; requests/s the mean of the halves'. */
const totals = (runs) => ({
  requests: runs.reduce((n, r) => n + r.requests, 0),
  rps: Math.round((runs.reduce((n, r) => n + r.rps, 0) / runs.length) * 10) / 10,
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});

/**
 * App and floor paced at the same `rate`, in halves of `duration` in the order app, floor, floor, app (as
 * maxSideBySide): each side's percentiles over both its halves' answers. Paced one whole run after the other (before
 * 2026-12-07 afternoon), a drift of the machine fell on one side only: the floor's own CPU a request on tasks moved
 * 216–455 µs between 5-s slots of one minute (bench/README.md), and a list's paced p99 missed the floor's + 5 ms by
 * 0.2–22 ms in one run and met it in the next.
 */
async function pacedSideBySide({ app, floor, rate, duration }) {
  const halves = await inHalves(app, floor, async (side) => {
    // Each half from a side already running at the rate (1 s, not counted): a side resuming after the other's run
    // starts with a stall its open-loop queue turns into the p99. Without it the app resumed twice (halves 1 and 4),
    // the floor once, and the app's p99 at ~2,400/s on the homepage read 103.7 / 198.6 ms against the floor's 44.7 /
    // 42.7 in two runs (2026-12-07 afternoon, G and H). The second counts on the half's own connections (pacedRaw's
    // warmup): as a run of its own before the half (until 2026-12-07 night), its connections closed with it and the
    // half began cold — at ~5,000/s a burst of 100–250 connects, whose stall could feed on itself (the homepage's p50
    // 16.9 ms, p95 878 against the floor's 100 in one run, p95 11 against 14 in the next; bench/README.md).
    return pacedRaw({ ...side, rate, duration: duration / 2, warmup: 1 });
  });
  const sum = (runs) => summary({ ...totals(runs), latencies: runs.flatMap((r) => r.latencies) });
  return { app: sum(halves.app), floor: sum(halves.floor) };
}

function autocannonLoad({ url, headers, duration, amount, connections }) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, headers, connections, ...(amount ? { amount } : { duration }) }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({
        requests: result.requests.total,
        rps: Math.round((result.requests.total / result.duration) * 10) / 10,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: times[times.length - 1],
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        bytes: Math.round(result.throughput.average),
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** CPU ticks (utime + stime) and start time of a process, from /proc; null once it has ended. */
function procStat(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), start: fields[19] };
  } catch {
    return null;
  }
}

/** CPU ticks of a process's main thread (its JavaScript), from /proc/<pid>/task/<pid>; the rest are V8's and libuv's helpers (collector, compiler, pool). */
function mainThreadTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** PostgreSQL backends serving the benchmark database (both servers' pools). */
async function backendPids() {
  const client = new pg.Client({ connectionString: BENCH_URL });
  await client.connect();
  const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  await client.end();
  return rows.map((r) => r.pid);
}

/**
 * CPU per request of the server process and of its PostgreSQL backends, over a fixed number of unthrottled
 * requests (after a warm-up at the same concurrency, so the pool's connections exist and stay). Unlike req/s, CPU
 * per request hardly depends on how busy the rest of the machine is. Only backends alive (same start time) at
 * both ends are counted; the rest of the machine's PostgreSQL work is not.
 */
async function cpuPerRequest({ url, headers, serverPid, amount = 3000 }) {
  await load({ url, headers, amount: 500 });
  const ticks = await measureTicks({ url, headers, serverPid, amount });
  return perRequest(ticks, amount);
}

/** The CPU ticks (1/100 s) of the server process and of the PostgreSQL backends alive throughout, over `amount` requests. */
async function measureTicks({ url, headers, serverPid, amount }) {
  const pids = [serverPid, ...(await backendPids())];
  const before = new Map(pids.map((pid) => [pid, procStat(pid)]));
  const mainBefore = mainThreadTicks(serverPid);
  await load({ url, headers, amount });
  const mainAfter = mainThreadTicks(serverPid);
  const ticks = { node: 0, nodeMain: mainBefore !== null && mainAfter !== null ? mainAfter - mainBefore : 0, postgres: 0 };
  for (const [pid, start] of before) {
    const end = procStat(pid);
    if (!start || !end || end.start !== start.start) continue;
    if (pid === serverPid) ticks.node += end.ticks - start.ticks;
    else ticks.postgres += end.ticks - start.ticks;
  }
  return ticks;
}

const perRequest = (ticks, amount) => ({
  nodeMicros: Math.round((ticks.node / 100 / amount) * 1e6),
  // Of nodeMicros, the main thread's: a gap there is JavaScript work; the rest is V8's helper threads (the collector's).
  nodeMainMicros: Math.round((ticks.nodeMain / 100 / amount) * 1e6),
  postgresMicros: Math.round((ticks.postgres / 100 / amount) * 1e6),
});

/**
 * CPU per request of app and floor side by side: `amount` requests each in four quarters, alternating (app, floor,
 * app, floor…), as the throughput runs alternate halves. Measured one after the other, a drift of the machine during
 * the two runs (a search's ~20 s each) fell on one side only: the floor's CPU a search read 730–937 µs over three runs
 * of one evening (bench/README.md, 2026-12-06 late night). A quarter of a cheap list's 3,000 is ~15 ticks of /proc
 * (10 ms), so its figure is good to ~±15 µs.
 */
async function cpuSideBySide({ app, floor, amount = 3000, rounds = 4 }) {
  await load({ ...app, amount: 500 });
  await load({ ...floor, amount: 500 });
  const sums = { app: { node: 0, nodeMain: 0, postgres: 0 }, floor: { node: 0, nodeMain: 0, postgres: 0 } };
  for (let round = 0; round < rounds; round++) {
    // app, floor, then floor, app: a drift of the machine falls on both alike (as maxSideBySide).
    for (const side of round % 2 === 0 ? ['app', 'floor'] : ['floor', 'app']) {
      const ticks = await measureTicks({ ...(side === 'app' ? app : floor), amount: amount / rounds });
      sums[side].node += ticks.node;
      sums[side].nodeMain += ticks.nodeMain;
      sums[side].postgres += ticks.postgres;
    }
  }
  return { app: perRequest(sums.app, amount), floor: perRequest(sums.floor, amount) };
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-');

/** Peak resident set size (VmHWM) of a process in MB, from /proc. */
function peakRssMb(pid) {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

async function main() {
  // The load average when the run began: with the one at the end (meta.loadavg), how quiet the machine was.
  const started = { date: new Date().toISOString(), loadavg: os.loadavg() };
  let serverPeakRssMb;
  const children = [];
  // An error thrown in a client's socket handler (paced.mjs) ends this process without the finally below: the app and
  // the floor would outlive it, serving nobody and holding their ports and connections (seen 2026-12-07 night).
  process.once('exit', () => {
    for (const child of children) child.kill('SIGTERM');
  });
  const results = [];
  let app;
  let floor;
  try {
    app = AA ? await start('floor.ts', APP_PORT) : await start(await bundleApp(), APP_PORT);
    children.push(app.child);
    floor = await start('floor.ts', FLOOR_PORT);
    children.push(floor.child);
    // The app's signed tokens (a floor, the A/A run's second one included, checks none).
    const userAuth = AA ? {} : { authorization: `Bearer ${app.info.token}` };
    const adminAuth = AA ? {} : { authorization: `Bearer ${app.info.adminToken}` };
    for (const e of ENDPOINTS) {
      const appUrl = `http://127.0.0.1:${APP_PORT}${AA ? e.floor : e.app}`;
      const floorUrl = `http://127.0.0.1:${FLOOR_PORT}${e.floor}`;
      const auth = e.as === 'admin' ? adminAuth : userAuth;
      // Warm both (JIT, plan and buffer caches) before measuring, with more connections than a pool holds: each pool
      // opens all its connections here and every backend plans this endpoint's statements. A paced run that has to
      // open one (a stall makes the requests pile up) waits while a new backend starts and plans them afresh — on the
      // day's slower machine 8 s at 2,800 req/s on tasks?limit=10 had p99 591 ms while the pool grew 8 → 21, and 12 ms
      // twice right after with all 21 open; the search at 110/s: p99 2,851 ms, then 65 ms at 120/s (bench/README.md,
      // 2026-12-06 day). Steady state is the pool at its size: the pools close idle connections after 5 minutes only.
      await load({ url: appUrl, headers: auth, duration: 2, connections: WARM_CONNECTIONS });
      await load({ url: floorUrl, duration: 2, connections: WARM_CONNECTIONS });
      // …and at the measured rate, so both pools have the connections (and prepared statements) that rate needs:
      // without it the first half second of the paced run measures connection set-up, not steady state.
      await paced({ url: appUrl, headers: auth, rate: e.rate, duration: 2 });
      await paced({ url: floorUrl, rate: e.rate, duration: 2 });
      const row = { endpoint: e.app, rate: e.rate, target: e.target, app: {}, floor: {} };
      // Throughput first: the paced rate below is a share of what the floor itself carries on this machine.
      const max = await maxSideBySide({ app: { url: appUrl, headers: auth }, floor: { url: floorUrl }, duration: DURATION });
      row.app.max = max.app;
      row.floor.max = max.floor;
      row.throughputVsFloor = Math.round((row.app.max.rps / row.floor.max.rps) * 1000) / 10;
      // The latency targets are judged on evenly paced arrivals (paced.mjs). At a rate above what the floor sustains,
      // p99 measures a queue, not the server (issue 37): each endpoint is also paced at PACED_SHARE of the floor's
      // maximum, app and floor at that same rate. The fixed rate is kept where the floor carries it.
      row.sharedRate = Math.max(1, Math.round(row.floor.max.rps * PACED_SHARE));
      // Each side warmed at that rate first: its pool holds the connections the rate needs (steady state), and keeps
      // them through the halves (the pools close a connection after 5 idle minutes).
      await paced({ url: appUrl, headers: auth, rate: row.sharedRate, duration: 2 });
      await paced({ url: floorUrl, rate: row.sharedRate, duration: 2 });
      const sides = { app: { url: appUrl, headers: auth }, floor: { url: floorUrl } };
      const atShare = await pacedSideBySide({ ...sides, rate: row.sharedRate, duration: DURATION });
      row.app.atShare = atShare.app;
      row.floor.atShare = atShare.floor;
      row.fixedRateSustained = row.floor.max.rps >= e.rate;
      if (row.fixedRateSustained) {
        const atRate = await pacedSideBySide({ ...sides, rate: e.rate, duration: DURATION });
        row.app.atRate = atRate.app;
        row.floor.atRate = atRate.floor;
      }
      const cpu = await cpuSideBySide({ app: { url: appUrl, headers: auth, serverPid: app.child.pid }, floor: { url: floorUrl, serverPid: floor.child.pid } });
      row.app.cpu = cpu.app;
      row.floor.cpu = cpu.floor;
      // The floor plus the auth guard's session lookup: separates "one more round trip" from framework cost.
      const withSessionUrl = `http://127.0.0.1:${FLOOR_PORT}/with-session${e.floor}`;
      row.floorWithSession = { max: await load({ url: withSessionUrl, duration: DURATION }), cpu: await cpuPerRequest({ url: withSessionUrl, serverPid: floor.child.pid }) };
      row.throughputVsFloorWithSession = Math.round((row.app.max.rps / row.floorWithSession.max.rps) * 1000) / 10;
      const total = (c) => c.nodeMicros + c.postgresMicros;
      row.cpuFloorShare = Math.round((total(row.floor.cpu) / total(row.app.cpu)) * 1000) / 10;
      results.push(row);
      const a = row.app.atShare;
      // An A/A row is labelled with the path both floors answered, not the app's.
      const label = AA ? `${e.floor} (A/A)` : e.app;
      const fixed = row.fixedRateSustained
        ? `paced @${e.rate}/s p95 ${fmt(row.app.atRate.p95)} p99 ${fmt(row.app.atRate.p99)} (floor p99 ${fmt(row.floor.atRate.p99)})`
        : `@${e.rate}/s not run: the floor's max is ${row.floor.max.rps}`;
      console.log(
        `${label.padEnd(40)} paced @${row.sharedRate}/s (${PACED_SHARE * 100}% of floor max) p50 ${fmt(a.p50)} p95 ${fmt(a.p95)} p99 ${fmt(a.p99)} ms (floor p95 ${fmt(row.floor.atShare.p95)} p99 ${fmt(row.floor.atShare.p99)}); ${fixed} | ` +
          `max ${row.app.max.rps} req/s vs floor ${row.floor.max.rps} (${row.throughputVsFloor}%), vs floor+session ${row.floorWithSession.max.rps} (${row.throughputVsFloorWithSession}%) | ` +
          `CPU/req node+pg ${row.app.cpu.nodeMicros}+${row.app.cpu.postgresMicros} µs vs floor ${row.floor.cpu.nodeMicros}+${row.floor.cpu.postgresMicros} (${row.cpuFloorShare}%), node main thread ${row.app.cpu.nodeMainMicros} vs ${row.floor.cpu.nodeMainMicros} | ` +
          `non2xx ${a.non2xx + row.app.max.non2xx} errors ${a.errors + row.app.max.errors}`,
      );
    }
    // design.md §11: server RSS ≤ 400 MB under load — the app's peak resident set over every run above.
    serverPeakRssMb = peakRssMb(app.child.pid);
    console.log(`${AA ? "the second floor's" : "app server"} peak RSS: ${serverPeakRssMb} MB`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
  const meta = {
    started: started.date,
    loadavgStart: started.loadavg,
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    client: CLIENT,
    loadavg: os.loadavg(),
    node: process.version,
    duration: DURATION,
    pacedShare: PACED_SHARE,
    serverPeakRssMb: serverPeakRssMb ?? null,
  };
  const loadavg = `load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  if (AA) return console.log(`\nA/A run (floor against floor): no results.json written (${loadavg})`);
  writeFileSync(path.join(here, 'results.json'), `${JSON.stringify({ meta, results }, null, 2)}\n`);
  console.log(`\nwritten bench/results.json (${loadavg})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
