// Soak: the BUILT server on a fresh PostgreSQL database under a steady mixed workload for a long time (issue 24,
// design.md §11): 0 errors, 0 5xx, latency per endpoint in the first and the last minutes, and the server's memory
// and PostgreSQL connections flat (growth under 10%).
//
//   node bench/soak.mjs                    # 30 minutes at 100 requests/s (+ 1 minute of warm-up, ~1 minute of set-up)
//   node bench/soak.mjs --minutes=2 --rate=100 [--warmup=10] [--users=6] [--scale=1] [--port=3340] [--refresh=900] [--keep]
//                      [--node-flags="--trace-gc --heap-growing-percent=50"] [--server-log=<file>]
//
// 1. The bundle: apps/server/dist and apps/web/dist (built with `npm run build` under /tmp/fieldbook-build.lock when
//    missing) are copied under that lock to a directory of this run, so that a rebuild by someone else during the
//    run changes nothing; its node_modules are links to the repository's.
// 2. A new database fieldbook_soak_<date> on SOAK_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432,
//    loopback only), dropped at the end (kept with --keep); the server migrates it at start.
// 3. The LLM: the OpenAI-compatible stub of the tests (bench/llm-stub.ts, over HTTP through the product's SDK) as
//    LLM_BASE_URL, so assistant answers are written by "the model" (streamed) and calls are transcribed by its
//    /audio/transcriptions. Without LLM_BASE_URL the assistant would answer from retrieval only (extractive answers).
// 4. Data: --users accounts signed up through /auth/v1 (each with its own workspace, renamed through the API) and the
//    demo admin (SEED_DEMO) for workspace analytics; their workspaces filled by the benchmark generator's SQL
//    (bench/generate.mjs `fill`; --scale multiplies, 0 = none): the first user 2,000 jobs, 20,000 tasks, 1,000
//    contacts, 4,000 documents, 10,000 calls, every other user a quarter of that (scale 1); then through the API
//    each user's own jobs, tasks, contacts, groups, document and call uploads.
// 5. The workload, open loop (bench/paced.mjs `openLoop`): --rate requests/s evenly spaced, each sent on schedule
//    whatever the earlier ones are doing, so a slowdown shows as latency, never as a lower rate. A weighted mix
//    (`mix()` below) of every list, searches, writes, multipart uploads and streamed assistant questions, as a random
//    user.
//    Warm-up first (--warmup seconds, default a tenth of the run, at most 60 s), not in the latency windows.
// 6. Measured: per endpoint count, errors (any answer not 2xx, a connection closed under a request, no answer within
//    30 s of the last send, an assistant stream without its `done` event), 5xx, and p50/p95/p99 in the first and the
//    last window (5 minutes, or a sixth of a shorter run); every 2 s the server process's RSS (VmRSS) and the
//    database's PostgreSQL connections (pg_stat_activity, this monitor's own left out); every 10 s the server's
//    /metrics (heap used, event-loop lag, job queues, its own 5xx count). Start, middle and end are the means of the
//    samples in the first, middle and last window; growth is end against start.
// Prints a table and writes bench/results/soak-<date>.json. Exit 1 when anything failed, a 5xx or an error was
// seen, or RSS or connections grew by 10% or more; 2 when the run could not be set up.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fill } from './generate.mjs';
import { openLoop } from './paced.mjs';
import { requireProjectNode } from './project-node.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => [a.replace(/^--/, '').split('=')[0], a.includes('=') ? a.split('=').slice(1).join('=') : 'true']));
const MINUTES = Number(args.minutes ?? 30);
const RATE = Number(args.rate ?? 100);
const PORT = Number(args.port ?? 3340);
const USERS = Number(args.users ?? 6);
const SCALE = Number(args.scale ?? 1);
const KEEP = args.keep === 'true';
/**
 * Node or V8 flags for the server, after the product's own: to try a memory setting or take heap snapshots. A
 * --heap-growing-percent given here is kept (platform/heap-growth.ts leaves a command-line one alone).
 */
const NODE_FLAGS = args['node-flags']?.split(/\s+/).filter(Boolean) ?? [];
/** A file to write the server's whole output to (with --node-flags=--trace-gc: every collection). */
const SERVER_LOG = args['server-log'];
const DURATION_S = MINUTES * 60;
const WARMUP_S = Number(args.warmup ?? Math.min(60, Math.round(DURATION_S / 10)));
/** The first and last window: five minutes, or a sixth of a shorter run. */
const WINDOW_S = Math.min(300, DURATION_S / 6);
const SAMPLE_MS = 2000;
const DRAIN_MS = 30_000;
/** Access tokens live an hour: every user's is refreshed (grant_type=refresh_token) this often (--refresh= seconds). */
const REFRESH_MS = Number(args.refresh ?? 15 * 60) * 1000;
const GROWTH_LIMIT = 10;
const BUILD_LOCK = '/tmp/fieldbook-build.lock';
const PG_SERVER = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'soak-admin@fieldbook.local', password: 'soak-admin-password-1' };
const PASSWORD = 'soak-user-password-1';

for (const [name, value] of Object.entries({ minutes: MINUTES, rate: RATE, port: PORT, users: USERS, scale: SCALE, warmup: WARMUP_S, refresh: REFRESH_MS / 1000 })) {
  if (!Number.isFinite(value) || value < 0 || (['minutes', 'rate', 'port', 'users', 'refresh'].includes(name) && value <= 0)) {
    console.error(`--${name}=${args[name]}: expected a ${name === 'scale' || name === 'warmup' ? 'non-negative' : 'positive'} number`);
    process.exit(2);
  }
}
requireProjectNode();
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(PG_SERVER).hostname)) {
  console.error(`Refusing a non-loopback PostgreSQL server: ${new URL(PG_SERVER).hostname}`);
  process.exit(2);
}

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15); // 20261126_013000
const dbName = `fieldbook_soak_${stamp}`;
const databaseUrl = Object.assign(new URL(PG_SERVER), { pathname: `/${dbName}` }).toString();
const work = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-soak-'));

// ---------------------------------------------------------------------------------------------------------------
// Set-up: bundle, database, LLM stub, server

/** Builds when the bundle is missing, then copies it to this run's directory under the build lock. */
function prepareBundle() {
  const serverDist = path.join(root, 'apps/server/dist');
  const webDist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(serverDist, 'main.js')) || !existsSync(path.join(webDist, 'index.html'))) {
    console.log('no build found: flock /tmp/fieldbook-build.lock npm run build');
    const built = spawnSync('flock', [BUILD_LOCK, 'npm', 'run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  mkdirSync(path.join(work, 'apps/server'), { recursive: true });
  const copy = spawnSync('flock', [BUILD_LOCK, 'sh', '-c', 'cp -a "$1" "$2" && cp -a "$3" "$4"', 'copy', serverDist, path.join(work, 'apps/server/dist'), webDist, path.join(work, 'web-dist')], { stdio: 'inherit' });
  if (copy.status !== 0) throw new Error('copying the bundle failed');
  // npm packages stay external in the bundle: resolved from node_modules beside it (links to the repository's).
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
  if (existsSync(path.join(root, 'apps/server/node_modules'))) symlinkSync(path.join(root, 'apps/server/node_modules'), path.join(work, 'apps/server/node_modules'));
  // What was measured: the bundle is built from the work tree as it was, committed or not.
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
  const source = {
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedFiles: git('status', '--porcelain', '--', 'apps', 'packages').split('\n').filter(Boolean).length,
    bundleBuiltAt: statSync(path.join(serverDist, 'main.js')).mtime.toISOString(),
  };
  return { main: path.join(work, 'apps/server/dist/main.js'), webDist: path.join(work, 'web-dist'), source };
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The LLM stub in a process of its own: its URL, and the running totals it reports. */
function startLlmStub() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'llm-stub.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const stub = { child, url: null, totals: { chat: 0, transcriptions: 0, other: 0 } };
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (line.url) {
          stub.url = line.url;
          resolve(stub);
        } else stub.totals = line;
      }
    });
    child.once('exit', (code) => {
      if (!stub.url) reject(new Error(`llm-stub exited with ${code}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

const VERBS = ['Inspect', 'Replace', 'Repair', 'Order', 'Schedule', 'Photograph', 'Measure', 'Seal', 'Quote', 'Patch'];
const OBJECTS = ['roof flashing', 'shingles', 'gutters', 'water heater', 'drywall', 'ceiling stain', 'subfloor', 'kitchen cabinets', 'window frames', 'attic insulation', 'sump pump', 'chimney cap'];
const PLACES = ['near the chimney', 'in the basement', 'on the north slope', 'in the master bath', 'by the back door', 'in the attic', 'before the adjuster visit'];
const LAST = ['Smith', 'Garcia', 'Miller', 'Nguyen', 'Okafor', 'Petrov', 'Lindqvist', 'Haddad', 'Kowalski', 'Moreau'];
const FIRST = ['James', 'Maria', 'Wei', 'Aisha', 'Carlos', 'Linda', 'Omar', 'Sofia', 'Daniel', 'Priya'];
const STREETS = ['Oak Street', 'Maple Avenue', 'Cedar Lane', 'Hill Road', 'River Drive', 'Mill Court'];
const SEARCHES = ['roof', 'plumbng', 'water heater', 'kitchen cabinets', 'gutters north slope', 'Smith', 'chimney', 'insurance claim', 'invoice'];
const QUESTIONS = [
  'What needs doing on the roof flashing?',
  'Which jobs have water damage?',
  'What did the homeowner say about the leak over the back bedroom?',
  'What is the invoice total for the roof repair?',
  'Which tasks are still pending in the basement?',
  'when is the adjuster visit',
  'what broke in the kitchen',
  'Who do I call about the gutters?',
];
const JOB_STATUSES = ['active', 'pending', 'in progress', 'completed', 'cancelled'];
const TASK_STATUSES = ['pending', 'in progress', 'completed'];

/** A small seeded generator (mulberry32), so two runs send the same mix. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(24);
const pick = (items) => items[Math.floor(random() * items.length)];
const sentence = () => `${pick(VERBS)} ${pick(OBJECTS)} ${pick(PLACES)}`;
let serial = 0;
/** A phone number nobody in the data has: each new contact's is its own (a repeated one is a 409). */
const newPhone = () => `4${String(100_000_000 + ++serial * 7).padStart(9, '0')}`;

/** A one-page PDF with real text (so processing extracts it, no OCR). */
function pdf(text) {
  const stream = `BT /F1 14 Tf 72 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj 4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj 5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

const recordingName = (direction) => {
  const d = new Date(Date.now() - Math.floor(random() * 30 * 86_400_000));
  const p = (n) => String(n).padStart(2, '0');
  return `${direction}_${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}_${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}_555${String(1_000_000 + (serial++ % 9_000_000)).slice(-7)}_${pick(LAST)}.wav`;
};

/** A whole HTTP/1.1 request (keep-alive) as bytes, for openLoop. */
function rawRequest(method, url, token, { json, body, contentType } = {}) {
  const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : (body ?? null);
  let head = `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nauthorization: Bearer ${token}\r\nConnection: keep-alive\r\n`;
  if (payload) head += `content-type: ${json !== undefined ? 'application/json' : contentType}\r\ncontent-length: ${payload.length}\r\n`;
  head += '\r\n';
  return payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : Buffer.from(head, 'latin1');
}

/** A bounded pool of ids a user's writes pick from; what they create joins it. */
class Pool {
  constructor(items = [], max = 5000) {
    this.items = items.slice(0, max);
    this.max = max;
  }
  add(item) {
    if (this.items.length < this.max) this.items.push(item);
    else this.items[Math.floor(random() * this.max)] = item;
  }
  pick() {
    return this.items.length ? pick(this.items) : null;
  }
}

/**
 * The workload: [endpoint label, weight (97 in all), make(user) → request]. Labels are routes. Ids come from the
 * user's own pools, never empty after the seeding (each user has jobs, tasks, contacts and calls of their own).
 */
function mix(lib, admin) {
  const addId = (poolName) => (user, body) => {
    const id = JSON.parse(body).id;
    if (id) user.pools[poolName].add(poolName === 'contacts' ? { id, phone: JSON.parse(body).phone_number } : id);
  };
  return [
    // Reads of every list (and two detail pages).
    ['GET /api/jobs', 8, () => ({ method: 'GET', url: pick(['/api/jobs', '/api/jobs', '/api/jobs?status=active', '/api/jobs?exclude_status=completed&sort=due_date&limit=10', '/api/jobs?limit=10&offset=10']) })],
    ['GET /api/jobs/:id', 3, (u) => ({ method: 'GET', url: `/api/jobs/${u.pools.jobs.pick()}` })],
    ['GET /api/tasks', 8, () => ({ method: 'GET', url: pick(['/api/tasks', '/api/tasks', '/api/tasks?status=pending', '/api/tasks?status=all&offset=50', '/api/tasks?q=roof']) })],
    ['GET /api/tasks?limit=10', 4, () => ({ method: 'GET', url: '/api/tasks?limit=10' })],
    ['GET /api/contacts', 6, () => ({ method: 'GET', url: pick(['/api/contacts', '/api/contacts', `/api/contacts?q=${pick(LAST)}`]) })],
    ['GET /api/documents', 6, () => ({ method: 'GET', url: pick(['/api/documents', '/api/documents', '/api/documents?q=invoice', '/api/documents?status=processed']) })],
    ['GET /api/recordings', 6, () => ({ method: 'GET', url: pick(['/api/recordings', '/api/recordings', '/api/recordings?offset=50']) })],
    ['GET /api/recordings/:id', 2, (u) => ({ method: 'GET', url: `/api/recordings/${u.pools.recordings.pick()}` })],
    ['GET /api/groups', 3, () => ({ method: 'GET', url: '/api/groups' })],
    ['GET /api/dashboard/stats', 4, () => ({ method: 'GET', url: '/api/dashboard/stats' })],
    ['GET /api/dashboard/tasks', 2, () => ({ method: 'GET', url: '/api/dashboard/tasks' })],
    ['GET /api-fast/optimized/homepage-data', 8, () => ({ method: 'GET', url: '/api-fast/optimized/homepage-data' })],
    ['GET /api/analytics/recordings', 2, () => ({ as: admin, method: 'GET', url: `/api/analytics/recordings?days=${pick([7, 30, 90, 365])}` })],
    // Searches.
    ['GET /api/search', 8, () => ({ method: 'GET', url: `/api/search?query=${encodeURIComponent(pick(SEARCHES))}` })],
    // Writes.
    ['POST /api/jobs/:id/tasks', 5, (u) => ({ method: 'POST', url: `/api/jobs/${u.pools.jobs.pick()}/tasks`, json: { description: `${sentence()} (soak)`, priority: pick(['low', 'medium', 'high']) }, onBody: addId('tasks') })],
    ['POST /api/tasks', 2, (u) => ({ method: 'POST', url: '/api/tasks', json: { description: sentence(), job_id: u.pools.jobs.pick(), assigned_to: u.pools.contacts.pick()?.phone ?? null }, onBody: addId('tasks') })],
    ['PUT /api/tasks/:id/status', 5, (u) => ({ method: 'PUT', url: `/api/tasks/${u.pools.tasks.pick()}/status`, json: { status: pick(TASK_STATUSES) } })],
    ['PUT /api/tasks/:id/assign', 2, (u) => ({ method: 'PUT', url: `/api/tasks/${u.pools.tasks.pick()}/assign`, json: { assigned_to: random() < 0.8 ? (u.pools.contacts.pick()?.phone ?? null) : null } })],
    ['POST /api/contacts', 3, () => ({ method: 'POST', url: '/api/contacts', json: { name: `${pick(FIRST)} ${pick(LAST)}`, phone_number: newPhone(), role: pick(['homeowner', 'adjuster', 'crew']) }, onBody: addId('contacts') })],
    ['PUT /api/contacts/:id', 3, (u) => ({ method: 'PUT', url: `/api/contacts/${u.pools.contacts.pick()?.id}`, json: { notes: `Called ${new Date().toISOString().slice(0, 16)} about ${pick(OBJECTS)}` } })],
    ['POST /api/jobs', 2, () => ({ method: 'POST', url: '/api/jobs', json: { client_name: `${pick(LAST)} Residence`, property_address: `${1 + Math.floor(random() * 9000)} ${pick(STREETS)}`, title: `${pick(['Roof', 'Water damage', 'Kitchen', 'Storm'])} job`, description: sentence() }, onBody: addId('jobs') })],
    ['PUT /api/jobs/:id/status', 2, (u) => ({ method: 'PUT', url: `/api/jobs/${u.pools.jobs.pick()}/status`, json: { status: pick(JOB_STATUSES) } })],
    // Uploads through the real multipart endpoints, processed and transcribed in the background — by one worker per
    // job and process, one file at a time: on these 2 shared cores ~1 document and ~1 call a second at most, so at
    // 100 requests/s the uploads (1 a second in all) stay within what the workers keep up with (the job queues are shown).
    ['POST /api/process-documents', 0.5, (u) => ({ method: 'POST', url: '/api/process-documents', ...lib.multipart(random() < 0.7 ? { job_id: u.pools.jobs.pick() } : {}, { name: `invoice-${++serial}.pdf`, type: 'application/pdf', bytes: pdf(`Invoice ${serial} ${sentence()} total ${Math.floor(random() * 5000)}`) }) })],
    ['POST /api/recordings', 0.5, () => {
      const direction = pick(['incoming', 'outgoing']);
      return { method: 'POST', url: '/api/recordings', ...lib.multipart({ upload_key: randomUUID() }, { name: recordingName(direction), type: 'audio/wav', bytes: lib.wav(0.5) }) };
    }],
    // Assistant questions, streamed as the web asks them (NDJSON; the answer's `done` event must come).
    ['POST /api/assistant/query/stream', 2, (u) => ({ method: 'POST', url: '/api/assistant/query/stream', json: { query: pick(QUESTIONS), workspace_id: u.workspaceId }, stream: true })],
  ].map(([name, weight, make]) => ({ name, weight, make, upload: /^POST \/api\/(process-documents|recordings)$/.test(name) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Measurements

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (n, digits = 1) => (n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits);
function summary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? null) };
}

function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}
/** CPU seconds (user + system) a process has used so far, from /proc; null once it has ended. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The server's warning and error log lines (pino JSON) grouped by message, ids left out: [{level, message, count}],
 * most frequent first.
 */
function logSummary(text) {
  const groups = new Map();
  for (const line of text.split('\n')) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!(entry.level >= 40)) continue;
    const message = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>').replace(/\(attempt \d+\)/, '(attempt n)');
    const key = `${entry.level}\t${message}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups.entries()].map(([key, count]) => ({ level: key.startsWith('40') ? 'warn' : 'error', message: key.split('\t')[1].slice(0, 300), count })).sort((a, b) => b.count - a.count);
}

/** RSS of the server's child processes (document extraction), for the record. */
function childrenRssMb(pid) {
  let total = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) total += rssMb(child) ?? 0;
    }
  } catch {
    /* ended */
  }
  return Math.round(total * 10) / 10;
}

/** The figures of the server's GET /metrics (prom-client, METRICS_TOKEN) this soak follows. */
async function scrapeMetrics(base, token) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const series = [];
  for (const line of (await res.text()).split('\n')) {
    const m = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (m) series.push({ name: m[1], labels: Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]])), value: Number(m[3]) });
  }
  const one = (name) => series.find((x) => x.name === name)?.value ?? null;
  const queue = {};
  for (const x of series.filter((x) => x.name === 'fieldbook_jobs_due' || x.name === 'fieldbook_jobs_running')) queue[x.labels.job] = (queue[x.labels.job] ?? 0) + x.value;
  const heap = one('fieldbook_nodejs_heap_size_used_bytes');
  const lag = one('fieldbook_nodejs_eventloop_lag_p99_seconds');
  return {
    heapUsedMb: heap === null ? null : round(heap / 1048576),
    eventLoopLagP99Ms: lag === null ? null : round(lag * 1000),
    queue,
    server5xx: series.filter((x) => x.name === 'fieldbook_http_server_errors_total').reduce((n, x) => n + x.value, 0),
  };
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const growth = (from, to) => (from ? round(((to - from) / from) * 100) : null);

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  // What is running, stopped in this order at the end whatever happened.
  const running = { timers: [], server: null, clients: [], stub: null, database: false };
  const result = { ok: false };
  // Ctrl-C: the server and the stub are stopped and the database dropped all the same (no report).
  process.once('SIGINT', () => {
    console.log('\ninterrupted: stopping the server and the stub, dropping the database');
    void stopAll(running, result).finally(() => process.exit(130));
  });
  try {
    const bundle = prepareBundle();
    result.source = bundle.source;
    // The server-process helpers start FIELDBOOK_SERVER_MAIN: this run's copy.
    process.env.FIELDBOOK_SERVER_MAIN = bundle.main;
    const lib = await import('../scripts/lib/server-process.mjs');
    await adminQuery(`CREATE DATABASE ${dbName}`);
    running.database = true;
    const stub = await startLlmStub();
    running.stub = stub;

    const admin = { email: ADMIN.email, password: ADMIN.password };
    const endpoints = mix(lib, admin);
    const totalWeight = endpoints.reduce((sum, e) => sum + e.weight, 0);
    // Uploads per user per minute at this rate, doubled: the product's per-user limit (UPLOAD_RATE_LIMIT, 60 by
    // default) stays on, above what this workload sends.
    const uploadShare = endpoints.filter((e) => e.upload).reduce((sum, e) => sum + e.weight, 0) / totalWeight;
    const uploadsPerUserMinute = ((RATE * uploadShare) / USERS) * 60;
    const uploadLimit = Math.max(60, Math.ceil(uploadsPerUserMinute * 2));
    const metricsToken = randomUUID();
    const server = await lib.startServer('soak', {
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: bundle.webDist,
      SEED_DEMO: 'true',
      DEMO_ADMIN_EMAIL: ADMIN.email,
      DEMO_ADMIN_PASSWORD: ADMIN.password,
      LLM_BASE_URL: stub.url,
      LLM_API_KEY: 'sk-soak',
      LLM_MODEL: 'gpt-soak',
      UPLOAD_RATE_LIMIT: String(uploadLimit),
      LOG_LEVEL: 'warn',
      // /metrics on, as an operator would run it: heap, event-loop lag and job queues are read from it.
      METRICS_TOKEN: metricsToken,
    }, { nodeFlags: NODE_FLAGS });
    running.server = server;
    await server.ready();
    const idleRss = { afterStartMb: rssMb(server.child.pid) };
    const base = server.base;
    console.log(`server (pid ${server.child.pid}) on ${base}, database ${dbName}, LLM stub ${stub.url}, bundle in ${work}`);

    // -- Seed -----------------------------------------------------------------------------------------------------
    const t0Seed = Date.now();
    const tokenPair = async (email, password) => {
      const res = await lib.call(base, 'POST', '/auth/v1/token?grant_type=password', { json: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.user.id, token: res.body.access_token, refreshToken: res.body.refresh_token };
    };
    const must = async (what, promise, status = [200, 201]) => {
      const res = await promise;
      if (!status.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
      return res.body;
    };
    const users = [];
    for (let i = 1; i <= USERS; i++) {
      const email = `soak-${i}@example.com`;
      await must(`signup ${email}`, lib.call(base, 'POST', '/auth/v1/signup', { json: { email, password: PASSWORD } }), [200]);
      const user = { n: i, email, password: PASSWORD, ...(await tokenPair(email, PASSWORD)) };
      const ws = await must('my-workspace', lib.call(base, 'PUT', '/api/my-workspace', { token: user.token, json: { name: `${LAST[i % LAST.length]} Roofing & Restoration ${i}` } }));
      user.workspaceId = ws.id;
      users.push(user);
    }
    Object.assign(admin, await tokenPair(ADMIN.email, ADMIN.password));

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    running.clients.push(db);
    const sizes = (n) => {
      const full = { jobs: 2000, tasks: 20_000, contacts: 1000, documents: 4000, recordings: 10_000 };
      return Object.fromEntries(Object.entries(full).map(([k, v]) => [k, Math.round((v * SCALE) / (n === 1 ? 1 : 4))]));
    };
    if (SCALE > 0) {
      // One transaction: the generator's documents have no stored file, and those it makes 'processing' would keep
      // the server's processing worker busy failing on them (and fill its log) instead of processing the uploads;
      // here they are failed ones before the worker can see them.
      await db.query('BEGIN');
      await db.query('SELECT setseed(0.24)');
      for (const user of users) await fill(db, { userId: user.id, workspaceId: user.workspaceId }, sizes(user.n), `S${user.n}`);
      await db.query(`UPDATE documents SET status = 'failed', processing_error = 'generated without a file' WHERE status = 'processing'`);
      await db.query('COMMIT');
    }
    // Each user's own work through the API, a few at a time.
    for (const user of users) {
      const call = (method, url, opts = {}) => lib.call(base, method, url, { token: user.token, ...opts });
      const jobs = [];
      for (let j = 0; j < 5; j++) jobs.push((await must('job', call('POST', '/api/jobs', { json: { client_name: `${pick(LAST)} Family`, property_address: `${10 + j} ${pick(STREETS)}`, title: 'Storm damage repair' } }))).id);
      await Promise.all(Array.from({ length: 20 }, (_, k) => must('task', call('POST', `/api/jobs/${jobs[k % jobs.length]}/tasks`, { json: { description: sentence() } }))));
      await Promise.all(Array.from({ length: 20 }, () => must('contact', call('POST', '/api/contacts', { json: { name: `${pick(FIRST)} ${pick(LAST)}`, phone_number: newPhone(), role: 'homeowner' } }))));
      for (const g of ['Roofing crew', 'Office']) await must('group', call('POST', '/api/groups', { json: { name: g } }));
      for (let k = 0; k < 2; k++) {
        await must('document upload', lib.upload(base, '/api/process-documents', user.token, { name: `estimate-${k}.pdf`, type: 'application/pdf', bytes: pdf(`Estimate ${k} ${sentence()}`) }, { job_id: jobs[k] }));
        await must('recording upload', lib.upload(base, '/api/recordings', user.token, { name: recordingName('incoming'), type: 'audio/wav', bytes: lib.wav(0.5) }, { upload_key: randomUUID() }));
      }
      const list = async (url, key) => (await must(url, call('GET', url)))[key];
      user.pools = {
        jobs: new Pool([...jobs, ...(await list('/api/jobs?limit=100', 'jobs')).map((j) => j.id)]),
        tasks: new Pool((await list('/api/tasks?limit=500', 'tasks')).map((t) => t.id)),
        contacts: new Pool((await list('/api/contacts?limit=200', 'contacts')).map((c) => ({ id: c.id, phone: c.phone_number }))),
        recordings: new Pool((await list('/api/recordings?limit=200', 'recordings')).map((r) => r.id)),
      };
    }
    await db.query('VACUUM ANALYZE');
    const { rows: [counts] } = await db.query(
      `SELECT (SELECT count(*) FROM workspaces)::int AS workspaces, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM jobs)::int AS jobs,
              (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM contacts)::int AS contacts, (SELECT count(*) FROM documents)::int AS documents,
              (SELECT count(*) FROM recordings)::int AS recordings, pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    // The seeding's connection ends here: the connections counted during the run are the server's alone.
    await db.end();
    running.clients.splice(running.clients.indexOf(db), 1);
    result.seed = { seconds: round((Date.now() - t0Seed) / 1000), ...counts };
    idleRss.afterSeedMb = rssMb(server.child.pid);
    console.log(`seeded in ${result.seed.seconds} s:`, counts);

    // -- Run ------------------------------------------------------------------------------------------------------
    const stats = new Map(endpoints.map((e) => [e.name, { count: 0, errors: 0, s5xx: 0, s4xx: 0, warmup: 0, all: [], first: [], last: [] }]));
    const minutes = [];
    const errorsSeen = [];
    let assistantLlmAnswers = 0;
    let assistantOther = 0;
    let assistantNothingFound = 0;
    const samples = [];
    const runStart = new Date();
    let t0 = performance.now(); // set again as the load starts
    const relSeconds = (t) => (t - t0) / 1000 - WARMUP_S; // < 0 during the warm-up

    const recordError = (e, item, what) => {
      if (errorsSeen.length < 50) errorsSeen.push({ at: round(relSeconds(performance.now())), endpoint: e.name, url: item.url, error: what });
    };
    const onResult = (item, outcome) => {
      const e = item.endpoint;
      const s = stats.get(e.name);
      const t = relSeconds(outcome.scheduled);
      let failed = false;
      if (outcome.error) {
        failed = true;
        recordError(e, item, outcome.error);
      } else if (outcome.status < 200 || outcome.status >= 300) {
        failed = true;
        if (outcome.status >= 500) s.s5xx++;
        else if (outcome.status >= 400) s.s4xx++;
        recordError(e, item, `${outcome.status} ${outcome.body?.toString().slice(0, 300) ?? ''}`);
      } else if (item.stream || item.onBody) {
        try {
          if (item.onBody) item.onBody(item.user, outcome.body.toString());
          else {
            // NDJSON events: the answer must end with `done`; "According to the records" / "The sources do not
            // answer" is the stub model's writing (an extractive, retrieval-only answer would read otherwise).
            const events = outcome.body.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l));
            const done = events.find((ev) => ev.type === 'done');
            if (!done || events.some((ev) => ev.type === 'error')) throw new Error('stream without its done event');
            if (/According to the records|The sources do not answer/.test(done.answer)) assistantLlmAnswers++;
            else if (done.answer.startsWith("I couldn't find anything about that")) assistantNothingFound++; // no source: no model asked
            else assistantOther++;
          }
        } catch (err) {
          failed = true;
          recordError(e, item, `${outcome.status} but ${err.message}: ${outcome.body?.toString().slice(-300)}`);
        }
      }
      if (t < 0) {
        s.warmup++;
        if (failed) s.errors++;
        return;
      }
      s.count++;
      if (failed) s.errors++;
      if (!outcome.error) {
        s.all.push(outcome.latency);
        if (t < WINDOW_S) s.first.push(outcome.latency);
        if (t >= DURATION_S - WINDOW_S) s.last.push(outcome.latency);
      }
      const m = (minutes[Math.floor(t / 60)] ??= { count: 0, errors: 0, latencies: [] });
      m.count++;
      if (failed) m.errors++;
      else m.latencies.push(outcome.latency);
    };

    const next = () => {
      let r = random() * totalWeight;
      let e = endpoints[0];
      for (const candidate of endpoints) {
        r -= candidate.weight;
        if (r < 0) {
          e = candidate;
          break;
        }
      }
      const user = pick(users);
      const spec = e.make(user);
      const as = spec.as ?? user;
      return {
        endpoint: e,
        user,
        url: spec.url,
        stream: spec.stream,
        onBody: spec.onBody,
        request: rawRequest(spec.method, spec.url, as.token, spec),
        // Bodies are read only where needed: ids of created rows, the assistant's stream, and every error.
        keepBody: spec.onBody || spec.stream ? true : (status) => status < 200 || status >= 300,
      };
    };

    // Sampling: RSS and connections every 2 s; the server's own /metrics (heap, event-loop lag, job queues) with
    // every fifth sample.
    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    running.clients.push(monitor);
    let sampling = false;
    let sampleNo = 0;
    let lastCpu = null;
    const generatorLag = monitorEventLoopDelay({ resolution: 10 });
    generatorLag.enable();
    const sample = async () => {
      if (sampling) return;
      sampling = true;
      try {
        const t = round(relSeconds(performance.now()));
        const row = { t, rssMb: rssMb(server.child.pid), childrenRssMb: childrenRssMb(server.child.pid), load1: round(os.loadavg()[0], 2) };
        // The server's CPU use since the last sample (% of one core): with the load average, it tells a server that
        // was slow from one that did not get the CPU (the cores are shared).
        const cpu = { at: performance.now(), seconds: cpuSeconds(server.child.pid) };
        if (lastCpu && cpu.seconds !== null) row.serverCpuPct = round(((cpu.seconds - lastCpu.seconds) / ((cpu.at - lastCpu.at) / 1000)) * 100);
        lastCpu = cpu;
        // Client connections (the server's pool and its LISTEN connection) by state; autovacuum apart.
        const { rows } = await monitor.query(
          `SELECT backend_type, coalesce(state, 'none') AS state, count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1, 2`,
        );
        const clients = rows.filter((r) => r.backend_type === 'client backend');
        row.pgConnections = clients.reduce((n, r) => n + r.n, 0);
        row.pgActive = clients.filter((r) => r.state === 'active').reduce((n, r) => n + r.n, 0);
        row.pgIdleInTransaction = clients.filter((r) => r.state.startsWith('idle in transaction')).reduce((n, r) => n + r.n, 0);
        row.autovacuum = rows.filter((r) => r.backend_type === 'autovacuum worker').reduce((n, r) => n + r.n, 0);
        // This load generator's own event-loop delay: a generator that fell behind would add its delay to latency.
        row.generatorLagP99Ms = round(generatorLag.percentile(99) / 1e6);
        generatorLag.reset();
        if (sampleNo++ % 5 === 0) Object.assign(row, await scrapeMetrics(base, metricsToken));
        samples.push(row);
      } catch (err) {
        console.warn(`sample failed: ${err.message}`);
      } finally {
        sampling = false;
      }
    };
    running.timers.push(setInterval(() => void sample(), SAMPLE_MS));
    let refreshes = 0;
    const refreshFailures = [];
    const refresher = setInterval(() => {
      for (const who of [...users, admin]) {
        lib
          .call(base, 'POST', '/auth/v1/token?grant_type=refresh_token', { json: { refresh_token: who.refreshToken } })
          .then((res) => {
            if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
            who.token = res.body.access_token;
            who.refreshToken = res.body.refresh_token;
            refreshes++;
          })
          .catch((err) => {
            refreshFailures.push(`${who.email}: ${err.message}`);
            console.warn(`token refresh for ${who.email} failed: ${err.message}`);
          });
      }
    }, REFRESH_MS);
    running.timers.push(refresher);
    const progress = setInterval(() => {
      const t = relSeconds(performance.now());
      const last = samples[samples.length - 1];
      const done = [...stats.values()].reduce((n, s) => n + s.count + s.warmup, 0);
      const errors = [...stats.values()].reduce((n, s) => n + s.errors, 0);
      console.log(`${t < 0 ? `warm-up ${Math.round(t)}` : `${Math.round(t)}/${DURATION_S}`} s: ${done} answered, ${errors} errors, RSS ${last?.rssMb} MB, ${last?.pgConnections} PostgreSQL connections, load ${os.loadavg()[0].toFixed(1)}`);
    }, Math.min(60_000, Math.max(10_000, (DURATION_S * 1000) / 12)));
    running.timers.push(progress);

    console.log(`running: ${WARMUP_S} s warm-up, then ${MINUTES} min at ${RATE} requests/s (windows of ${WINDOW_S} s)`);
    t0 = performance.now();
    void sample();
    const loop = await openLoop({ url: base, rate: RATE, duration: WARMUP_S + DURATION_S, next, onResult, drainMs: DRAIN_MS });
    await sample();
    const finalMetrics = await scrapeMetrics(base, metricsToken);
    const loadEnd = os.loadavg();

    // -- Report ---------------------------------------------------------------------------------------------------
    const inWindow = (from, to) => samples.filter((s) => s.t >= from && s.t <= to);
    const windows = { start: inWindow(0, WINDOW_S), middle: inWindow(DURATION_S / 2 - WINDOW_S / 2, DURATION_S / 2 + WINDOW_S / 2), end: inWindow(DURATION_S - WINDOW_S, DURATION_S + 5) };
    const resource = (key) => {
      const at = Object.fromEntries(Object.entries(windows).map(([k, list]) => [k, round(mean(list.map((s) => s[key]).filter((v) => Number.isFinite(v))))]));
      const max = Object.fromEntries(Object.entries(windows).map(([k, list]) => [k, Math.max(...list.map((s) => s[key] ?? 0))]));
      return { ...at, max, growthMiddle: growth(at.start, at.middle), growthEnd: growth(at.start, at.end) };
    };
    const rows = [...stats.entries()].map(([name, s]) => ({ endpoint: name, count: s.count, warmup: s.warmup, errors: s.errors, s5xx: s.s5xx, s4xx: s.s4xx, first: summary(s.first), last: summary(s.last), all: summary(s.all) }));
    const totals = rows.reduce((t, r) => ({ count: t.count + r.count, warmup: t.warmup + r.warmup, errors: t.errors + r.errors, s5xx: t.s5xx + r.s5xx }), { count: 0, warmup: 0, errors: 0, s5xx: 0 });
    const scraped = samples.filter((s) => s.queue);
    const queueAt = (t) => scraped.find((s) => s.t >= t)?.queue ?? scraped[scraped.length - 1]?.queue ?? null;
    const { rows: [processed] } = await monitor.query(
      `SELECT (SELECT count(*) FROM documents WHERE created_at >= $1)::int AS documents_uploaded,
              (SELECT count(*) FROM documents WHERE created_at >= $1 AND status = 'failed')::int AS documents_failed,
              (SELECT count(*) FROM recordings WHERE created_at >= $1)::int AS recordings_uploaded,
              (SELECT count(*) FROM recordings WHERE created_at >= $1 AND transcription_status = 'failed')::int AS transcriptions_failed`,
      [runStart],
    );
    Object.assign(result, {
      date: new Date().toISOString(),
      short: MINUTES < 30,
      settings: { minutes: MINUTES, rate: RATE, warmupSeconds: WARMUP_S, windowSeconds: WINDOW_S, users: USERS, scale: SCALE, uploadRateLimit: uploadLimit, port: PORT, nodeFlags: NODE_FLAGS, database: 'PostgreSQL (new database, dropped after)' },
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, loadavgEnd: loadEnd.map((l) => round(l, 2)) },
      achieved: { requests: loop.requests, seconds: round(loop.seconds), rps: loop.rps },
      totals,
      endpoints: rows,
      rssMb: { ...resource('rssMb'), ...idleRss },
      pgConnections: resource('pgConnections'),
      pgActive: resource('pgActive'),
      heapUsedMb: resource('heapUsedMb'),
      serverCpuPct: resource('serverCpuPct'),
      load1: resource('load1'),
      eventLoopLagP99Ms: resource('eventLoopLagP99Ms'),
      generatorLagP99Ms: resource('generatorLagP99Ms'),
      // Rows due or being worked on per background job (the server's jobs_due + jobs_running gauges).
      queue: { start: queueAt(0), middle: queueAt(DURATION_S / 2), end: finalMetrics.queue },
      server5xx: finalMetrics.server5xx,
      processing: processed,
      tokenRefreshes: { done: refreshes, failed: refreshFailures },
      assistant: { llmAnswers: assistantLlmAnswers, nothingFound: assistantNothingFound, other: assistantOther, stub: stub.totals },
      perMinute: minutes.map((m, i) => ({ minute: i + 1, count: m?.count ?? 0, errors: m?.errors ?? 0, ...(m ? summary(m.latencies) : {}) })),
      errorsSeen,
      samples,
    });
    const serverLog = server.output();
    if (SERVER_LOG) writeFileSync(SERVER_LOG, serverLog);
    const logged = logSummary(serverLog);
    const logCount = (level) => logged.filter((g) => g.level === level).reduce((n, g) => n + g.count, 0);
    result.serverLog = { errors: logCount('error'), warnings: logCount('warn'), messages: logged.slice(0, 20), tail: serverLog.slice(-2000) };
    const failures = [];
    if (totals.errors > 0) failures.push(`${totals.errors} errors`);
    if (totals.s5xx > 0) failures.push(`${totals.s5xx} answers 5xx`);
    if (refreshFailures.length) failures.push(`${refreshFailures.length} token refreshes failed`);
    if (assistantOther) failures.push(`${assistantOther} assistant answers not written by the LLM stub (unreachable? the answers fell back to retrieval only)`);
    // The uploads are valid files: a failed processing or transcription is a failure of the server's work.
    if (processed.documents_failed) failures.push(`${processed.documents_failed} uploaded documents failed processing`);
    if (processed.transcriptions_failed) failures.push(`${processed.transcriptions_failed} uploaded calls failed transcription`);
    if (result.server5xx) failures.push(`the server counted ${result.server5xx} answers 5xx (its /metrics)`);
    if (!(result.rssMb.growthEnd < GROWTH_LIMIT)) failures.push(`server RSS grew ${result.rssMb.growthEnd}% (start ${result.rssMb.start} MB, end ${result.rssMb.end} MB)`);
    if (!(result.pgConnections.growthEnd < GROWTH_LIMIT)) failures.push(`PostgreSQL connections grew ${result.pgConnections.growthEnd}% (start ${result.pgConnections.start}, end ${result.pgConnections.end}; at most 21 — pool and LISTEN — they follow the requests in flight: compare the latency and pgActive)`);
    result.failures = failures;
    result.ok = failures.length === 0;
  } finally {
    await stopAll(running, result);
  }
  if (result.endpoints) {
    printReport(result);
    const dir = path.join(here, 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `soak-${result.date.slice(0, 16).replace(':', '')}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nwritten ${path.relative(root, file)} (${Math.round((Date.now() - started) / 1000)} s in all)`);
  }
  return result.ok;
}

/** Stops what main() started, in order: timers, the server (SIGTERM, timed), our clients, the stub, the database. */
async function stopAll(running, result) {
  const step = async (what, fn) => {
    try {
      await fn();
    } catch (err) {
      console.warn(`stopping ${what}: ${err.message}`);
    }
  };
  for (const timer of running.timers) clearInterval(timer);
  if (running.server && !result.endpoints) console.error(`the server's output (last 3,000 characters):\n${running.server.output().slice(-3000)}`);
  if (running.server) {
    await step('the server', async () => {
      const t0 = Date.now();
      const exit = await running.server.stop('SIGTERM');
      result.shutdown = { exit: exit.code ?? exit.signal, ms: Date.now() - t0 };
    });
  }
  for (const client of running.clients) await step('a database client', () => client.end());
  const stub = running.stub;
  if (stub) {
    // Its last line of totals comes as it exits.
    await step('the LLM stub', () =>
      new Promise((resolve) => {
        if (stub.child.exitCode !== null || stub.child.signalCode !== null) return resolve();
        stub.child.once('exit', resolve);
        stub.child.kill('SIGTERM');
      }),
    );
  }
  if (stub && result.assistant) result.assistant.stub = stub.totals;
  if (running.database) {
    if (KEEP) console.log(`kept database ${dbName} and ${work}`);
    else await step('the database', () => adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
  if (!KEEP) rmSync(work, { recursive: true, force: true });
}

const fmt = (s) => (s.count ? `${s.p50} / ${s.p95} / ${s.p99}` : '-');
function printReport(r) {
  const pad = (v, n) => String(v).padEnd(n);
  const w = 38;
  console.log(`\nbundle built ${r.source.bundleBuiltAt} in a tree at ${r.source.commit}${r.source.uncommittedFiles ? ` with ${r.source.uncommittedFiles} files under apps/ and packages/ not committed` : ''}`);
  console.log(`Soak: ${r.settings.minutes} min at ${r.settings.rate} requests/s (achieved ${r.achieved.rps} over ${r.achieved.seconds} s with the ${r.settings.warmupSeconds} s warm-up), windows of ${r.settings.windowSeconds} s${r.short ? ' — a SHORT run' : ''}`);
  console.log(`${pad('endpoint', w)} ${pad('count', 7)} ${pad('errors', 6)} ${pad('5xx', 4)} ${pad('first p50 / p95 / p99 ms', 26)} ${pad('last p50 / p95 / p99 ms', 26)} all p99`);
  for (const e of r.endpoints) console.log(`${pad(e.endpoint, w)} ${pad(e.count, 7)} ${pad(e.errors, 6)} ${pad(e.s5xx, 4)} ${pad(fmt(e.first), 26)} ${pad(fmt(e.last), 26)} ${e.all.p99 ?? '-'}`);
  console.log(`${pad('all', w)} ${pad(r.totals.count, 7)} ${pad(r.totals.errors, 6)} ${pad(r.totals.s5xx, 4)} (warm-up: ${r.totals.warmup} requests, counted in errors and 5xx too)`);
  const line = (label, x, unit) => console.log(`${pad(label, w)} start ${x.start}${unit}, middle ${x.middle}${unit}, end ${x.end}${unit}: growth ${x.growthMiddle}% to the middle, ${x.growthEnd}% to the end (max in the windows ${x.max.start} / ${x.max.middle} / ${x.max.end})`);
  console.log(`${pad('p50 / p99 per minute (ms)', w)} ${r.perMinute.filter((m) => m.count >= r.settings.rate * 30).map((m) => `${Math.round(m.p50)}/${Math.round(m.p99)}`).join('  ')}`);
  line('server RSS (mean in the window)', r.rssMb, ' MB');
  console.log(`${pad('', w)} (${r.rssMb.afterStartMb} MB after start, ${r.rssMb.afterSeedMb} MB after the seeding, before the load)`);
  line('PostgreSQL connections (mean)', r.pgConnections, '');
  line('  of them running a statement', r.pgActive, '');
  console.log(`${pad('', w)} (idle in transaction at most ${Math.max(0, ...r.samples.map((x) => x.pgIdleInTransaction ?? 0))}; autovacuum workers seen in ${r.samples.filter((x) => x.autovacuum).length} of ${r.samples.length} samples)`);
  line('server heap used (mean)', r.heapUsedMb, ' MB');
  line('event-loop lag p99 (mean)', r.eventLoopLagP99Ms, ' ms');
  line("load generator's own lag p99", r.generatorLagP99Ms, ' ms');
  console.log(`${pad('job queues (due + running)', w)} start ${JSON.stringify(r.queue.start)}, middle ${JSON.stringify(r.queue.middle)}, end ${JSON.stringify(r.queue.end)}`);
  console.log(`${pad('uploads during the run', w)} ${JSON.stringify(r.processing)}`);
  console.log(`${pad('assistant', w)} ${r.assistant.llmAnswers} answers written by the LLM stub, ${r.assistant.nothingFound} "nothing found" (no source, no model asked), ${r.assistant.other} otherwise; the stub was asked ${r.assistant.stub.chat} chats and ${r.assistant.stub.transcriptions} transcriptions`);
  console.log(`${pad('token refreshes', w)} ${r.tokenRefreshes.done} done, ${r.tokenRefreshes.failed.length} failed`);
  console.log(`${pad('server', w)} ${r.serverLog.errors} error lines logged, ${r.serverLog.warnings} warnings; SIGTERM at the end: exit ${r.shutdown?.exit} in ${r.shutdown?.ms} ms`);
  for (const g of r.serverLog.messages.slice(0, 5)) console.log(`${pad('', w)} ${g.count} × ${g.level}: ${g.message.slice(0, 160)}`);
  line('server CPU (% of a core, mean)', r.serverCpuPct, '%');
  line('load average (1 min, mean)', r.load1, '');
  if (r.errorsSeen.length) console.log('first errors:', r.errorsSeen.slice(0, 10));
  console.log(r.ok ? '\nPASS: 0 errors, 0 5xx, RSS and connections flat (< 10%)' : `\nFAIL: ${r.failures.join('; ')}`);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
