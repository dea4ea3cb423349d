// The floor (design.md §11): a bare node:http + pg handler that replays exactly the SQL statements the server
// runs for each benchmarked request (captured from the real repository functions, bench/queries.ts), with the
// same pool size, and sends the JSON. No framework, no auth, no validation: what the database path alone costs.
//   node --import tsx bench/floor.ts <port>
import http from 'node:http';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { defaultPoolSize, POOL_IDLE_MS } from '../apps/server/src/db/client';
import { captureStatements, type Statement } from './queries';

const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const port = Number(process.argv[2] ?? 3132);

// The app's pool settings (db/client.ts; its size DATABASE_POOL_SIZE's, as the app's): a floor whose connections
// churned would queue where the app does not, one with more connections would run more statements at once.
// JIT off as the app's too: with it the floor's heavier statements (analytics, search) paid LLVM compiles the app does not.
const pool = new pg.Pool({ connectionString: BENCH_URL, max: loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).databasePoolSize ?? defaultPoolSize(), idleTimeoutMillis: POOL_IDLE_MS, options: '-c jit=off' });
const { rows: [who] } = await pool.query(
  `SELECT u.id AS "userId", p.workspace_id AS "workspaceId", u.email, s.id AS "sessionId"
     FROM users u JOIN profiles p ON p.id = u.id JOIN auth_sessions s ON s.user_id = u.id WHERE u.email = 'bench@fieldbook.local' LIMIT 1`,
);
if (!who) throw new Error('Run node bench/generate.mjs first');
const statements = await captureStatements(BENCH_URL, who);

/**
 * The session lookup the product API's auth guard runs on every request (platform/auth-guard.ts resolveActor,
 * captured like the rest). Paths under /with-session/ run it first, to show how much of the difference to the
 * floor is that second round trip.
 */
const SESSION_LOOKUP = statements.session[0]!;

/** The statements in order, those the app sends side by side (`concurrent`) as one step. */
function steps(list: Statement[]): Statement[][] {
  const out: Statement[][] = [];
  for (const s of list) {
    if (s.concurrent && out.length) out[out.length - 1]!.push(s);
    else out.push([s]);
  }
  return out;
}

/** Runs the statements as the app does (in order, side by side where it does); a single `body` column is sent as-is, other rows as JSON. */
async function replay(list: Statement[][]): Promise<string> {
  let out = '';
  const rowsOfAll: unknown[] = [];
  for (const step of list) {
    const results = await Promise.all(step.map((s) => pool.query(s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values })));
    for (const { rows } of results) {
      if (rows.length === 1 && typeof rows[0].body === 'string') out = rows[0].body;
      else rowsOfAll.push(...rows);
    }
  }
  return out || JSON.stringify({ success: true, results: rowsOfAll });
}

const routes: Record<string, Statement[][]> = Object.fromEntries(Object.entries({
  '/jobs': statements.jobs,
  '/tasks': statements.tasks,
  '/tasks10': statements.tasks10,
  '/homepage': statements.homepage,
  '/documents': statements.documents,
  '/recordings': statements.recordings,
  '/analytics7': statements.analytics7,
  '/analytics30': statements.analytics30,
  '/analytics90': statements.analytics90,
  '/analytics365': statements.analytics365,
  '/search-roof': statements.searchRoof,
  '/search-misspelled': statements.searchMisspelled,
}).map(([path, list]) => [path, steps(list)]));

const server = http.createServer((req, res) => {
  const withSession = req.url?.startsWith('/with-session/') ?? false;
  const list = routes[withSession ? req.url!.slice('/with-session'.length) : (req.url ?? '')];
  if (!list) {
    res.writeHead(404).end();
    return;
  }
  (withSession ? pool.query(SESSION_LOOKUP).then(() => replay(list)) : replay(list)).then(
    (body) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
    (err) => res.writeHead(500).end(String(err)),
  );
});
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, routes: Object.keys(routes) })));
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
