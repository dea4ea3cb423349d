// The schedule's board (issue 34): the week the board asks for, and moving a visit — through real HTTP, on
// PostgreSQL (or PGlite without TEST_DATABASE_URL):
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ./node_modules/.bin/node --import tsx bench/schedule.ts \
//     [--crews=50] [--visits=5000] [--n=500] [--moves=200] [--explain=20] [--plan] [--keep]
// Seeds one workspace (zone America/Chicago) in bulk SQL, straight into the feature's tables as its routes read them:
// `crews` crews of two members each, a tenth as many people working alone (the board's person rows), one job per five
// visits, and `visits` visits of 2 h spread over the rows, four a weekday (7:00, 9:30, 12:00, 14:30 local) from the
// Monday a week ago on (5,000 over 55 rows: 23 weekdays, about a month) — a crew's visits never overlap, so every move
// below is saved without the overlap warning. Half have an arrival window, all a short note.
// Then, one request at a time as one dispatcher's board:
// 1. GET /api/visits?from=<Monday>&to=<Sunday> — what the week board asks for (apps/web/src/features/schedule:
//    rangeOf + useVisits) — `n` times, cycling over the seeded weeks: p50/p95/p99, the answer's size, and the CPU a
//    request costs this process (server and client) and PostgreSQL's backends (/proc) — less load-sensitive than times;
// 2. PATCH /api/visits/:id with the version the board read, 15 minutes later (or back) in the same row — the board's
//    drop (dropBody: scope 'this', new starts_at/ends_at) — `moves` times on random visits: p50/p95/p99.
// 3. EXPLAIN (ANALYZE, TIMING OFF) of the week's statement as the server sent it (its text and values caught on the pool),
//    `explain` times over the full weeks: PostgreSQL's execution and planning time, median and p95 — less sensitive to
//    the machine's other load than the HTTP times. `--plan` prints the plan of the first.
// Prints a table and the load average at start and end. A throwaway database per run (createTestApp, dropped at the end;
// `--keep` leaves it for psql and prints its URL — drop it yourself).
import { boardVisits, CREW_COLOURS, SavedVisitSchema, VisitListSchema, type BoardVisit } from '@fieldbook/contract';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/sql';
import { createTestApp, createTestUser } from '../apps/server/src/test/setup-app';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const CREWS = Number(args.crews ?? 50);
const VISITS = Number(args.visits ?? 5000);
const N = Number(args.n ?? 500);
const MOVES = Number(args.moves ?? 200);
const EXPLAINS = Number(args.explain ?? 20);
const ZONE = 'America/Chicago';
const SLOTS_MIN = [7 * 60, 9 * 60 + 30, 12 * 60, 14 * 60 + 30];
const VISIT_MIN = 120;
const MOVE_MIN = 15;

const round = (n: number) => Math.round(n * 100) / 100;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: round(pct(s, 50)), p95: round(pct(s, 95)), p99: round(pct(s, 99)), max: round(s.at(-1)!) };
};
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Monday of the week of a local date (the board's weekStart). */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** A uuid[] parameter (drizzle spreads a JS array into a row of parameters). */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

const loadAtStart = load();
// As main.ts builds it: without the tests' parse of every answer against its schema (checkResponses).
const ctx = await createTestApp({ LOG_LEVEL: 'silent' }, { checkResponses: false });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

// ---- Seed ---------------------------------------------------------------------------------------------------------
const owner = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing', role: 'admin' });
const ws = owner.workspaceId!;
const t0 = performance.now();
await ctx.db.execute(sql`update workspaces set time_zone = ${ZONE} where id = ${ws}`);
const PEOPLE = Math.max(1, Math.ceil(CREWS / 10));
const ROWS = CREWS + PEOPLE;
const members: string[] = [];
for (let i = 0; i < CREWS * 2 + PEOPLE; i++) members.push((await createTestUser(ctx, { workspaceId: ws, email: `crew-${i}@ridgeline.test` })).id);
const crewRows = await queryRows<{ id: string }>(
  ctx.db,
  sql`insert into crews (workspace_id, name, colour)
      select ${ws}, 'Crew ' || lpad(g::text, 3, '0'), (${sql.raw(`array[${CREW_COLOURS.map((c) => `'${c}'`).join(',')}]`)})[1 + g % ${CREW_COLOURS.length}]
      from generate_series(0, ${CREWS - 1}::int) g order by g returning id`,
);
const crewIds = crewRows.map((r) => r.id);
await ctx.db.execute(sql`
  insert into crew_members (crew_id, user_id, workspace_id)
  select c.id, m.id, ${ws} from unnest(${uuids(crewIds)}) with ordinality c(id, i)
  join unnest(${uuids(members.slice(0, CREWS * 2))}) with ordinality m(id, j) on (m.j - 1) / 2 = c.i - 1`);
const JOBS = Math.max(1, Math.ceil(VISITS / 5));
await ctx.db.execute(sql`
  insert into jobs (workspace_id, created_by, client_name, property_address, title, status)
  select ${ws}, ${owner.id}, (array['Maria Garcia','James Lopez','Sam Patel','Ana Kim','Lee Brown'])[1 + g % 5] || ' ' || g,
         (100 + g) || ' Oak Street, Austin TX', (array['Roof replacement','Gutter repair','Leak inspection','Siding','Skylight'])[1 + g % 5], 'active'
  from generate_series(0, ${JOBS - 1}::int) g`);
// Visit g: row g % ROWS (a crew, or one of the people working alone), the row's k-th visit: weekday k / 4 from the
// first Monday (weekends skipped), slot k % 4.
const firstMonday = addDays(mondayOf(todayIn(ZONE)), -7);
await ctx.db.execute(sql`
  with jobs_in as (select id, (row_number() over (order by id) - 1)::int as n from jobs where workspace_id = ${ws}),
  timed as (
    select gen_random_uuid() as id, g, g % ${ROWS} as r, ${firstMonday}::date + ((k / 4) / 5) * 7 + ((k / 4) % 5)::int as d, (${sql.raw(`array[${SLOTS_MIN.join(',')}]`)})[1 + k % 4] as m
    from generate_series(0, ${VISITS - 1}::int) g, lateral (select g / ${ROWS} as k) kk
  ), made as (
    insert into visits (id, workspace_id, job_id, starts_at, ends_at, local_date, end_local_date, arrival_start, arrival_end, notes, created_by)
    select t.id, ${ws}, j.id, (d + m * interval '1 minute') at time zone ${ZONE}, (d + (m + ${VISIT_MIN}) * interval '1 minute') at time zone ${ZONE}, d, d,
           case when g % 2 = 0 then to_char(time '00:00' + m * interval '1 minute', 'HH24:MI') end,
           case when g % 2 = 0 then to_char(time '00:00' + (m + 60) * interval '1 minute', 'HH24:MI') end,
           'Gate code ' || (1000 + g % 9000) || '; dog in the yard', ${owner.id}
    from timed t join jobs_in j on j.n = t.g % ${JOBS}
    returning 1
  ), crews_of as (
    insert into visit_crews (visit_id, crew_id, workspace_id)
    select id, (${uuids(crewIds)})[r + 1], ${ws} from timed where r < ${CREWS} returning 1
  )
  insert into visit_people (visit_id, user_id, workspace_id)
  select id, (${uuids(members.slice(CREWS * 2))})[r - ${CREWS} + 1], ${ws} from timed where r >= ${CREWS}`);
for (const table of ['jobs', 'crews', 'crew_members', 'visits', 'visit_crews', 'visit_people']) await ctx.db.execute(sql.raw(`analyze ${table}`));
const [seeded] = await queryRows<{ visits: number; crewed: number; people: number; first: string; last: string }>(
  ctx.db,
  sql`select count(*)::int as visits, (select count(*)::int from visit_crews where workspace_id = ${ws}) as crewed,
        (select count(*)::int from visit_people where workspace_id = ${ws}) as people, min(local_date)::text as first, max(local_date)::text as last
      from visits where workspace_id = ${ws}`,
);
if (seeded!.visits !== VISITS || seeded!.crewed + seeded!.people !== VISITS) throw new Error(`seed: ${JSON.stringify(seeded)} for ${VISITS} visits`);
console.log(`seeded ${VISITS} visits (${seeded!.first} – ${seeded!.last}) for ${CREWS} crews and ${PEOPLE} working alone, ${JOBS} jobs, in ${round((performance.now() - t0) / 1000)} s`);

// ---- Measure ------------------------------------------------------------------------------------------------------
const headers = { ...owner.headers };
const weeks: { from: string; to: string }[] = [];
for (let from = firstMonday; from <= seeded!.last; from = addDays(from, 7)) weeks.push({ from, to: addDays(from, 6) });
const weekPath = (w: { from: string; to: string }) => `/api/visits?from=${w.from}&to=${w.to}`;

// Each week once, checked against the database: the answer is the board's, and every seeded visit of it is there.
const byWeek = new Map<string, BoardVisit[]>();
for (const w of weeks) {
  const res = await fetch(`${base}${weekPath(w)}`, { headers });
  if (!res.ok) throw new Error(`GET ${weekPath(w)}: ${res.status} ${await res.text()}`);
  const list = VisitListSchema.parse(await res.json());
  const [count] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from visits where workspace_id = ${ws} and local_date between ${w.from}::date and ${w.to}::date`);
  if (list.visits.length !== count!.n) throw new Error(`week ${w.from}: ${list.visits.length} visits answered, ${count!.n} in the database`);
  byWeek.set(w.from, boardVisits(list));
}
// The weeks the board would show full (the last one may hold only a day or two of the seed).
const most = Math.max(...weeks.map((w) => byWeek.get(w.from)!.length));
const fullWeeks = weeks.filter((w) => byWeek.get(w.from)!.length >= 0.9 * most);

async function timed(method: string, path: string, body?: unknown): Promise<{ ms: number; status: number; text: string }> {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text };
}

/**
 * CPU milliseconds the PostgreSQL backends of this run's database have used (from /proc: PostgreSQL on this machine,
 * Linux; null elsewhere). With the process' own CPU time it gives the CPU a request costs, which — unlike its wall
 * time — hardly depends on what else the machine runs.
 */
async function postgresCpuMs(): Promise<number | null> {
  if (!process.env.TEST_DATABASE_URL) return null;
  try {
    const backends = await queryRows<{ pid: number }>(ctx.db, sql`select pid from pg_stat_activity where datname = current_database()`);
    let ticks = 0;
    for (const { pid } of backends) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (clock ticks of 10 ms)
    }
    return ticks * 10;
  } catch {
    return null;
  }
}

// 1. The week board.
for (let i = 0; i < 30; i++) await timed('GET', weekPath(fullWeeks[i % fullWeeks.length]!)); // warm-up
const weekMs: number[] = [];
const weekBytes: number[] = [];
const weekVisits: number[] = [];
const cpuAtStart = { node: process.cpuUsage(), postgres: await postgresCpuMs() };
for (let i = 0; i < N; i++) {
  const w = fullWeeks[i % fullWeeks.length]!;
  const r = await timed('GET', weekPath(w));
  if (r.status !== 200) throw new Error(`GET ${weekPath(w)}: ${r.status} ${r.text}`);
  weekMs.push(r.ms);
  weekBytes.push(Buffer.byteLength(r.text));
  weekVisits.push(byWeek.get(w.from)!.length);
}
const nodeCpu = process.cpuUsage(cpuAtStart.node);
const postgresCpuAtEnd = await postgresCpuMs();
// This process is the server and the client both (fetch reads and decodes each answer).
const weekCpu = {
  nodeMs: round((nodeCpu.user + nodeCpu.system) / 1000 / N),
  postgresMs: cpuAtStart.postgres === null || postgresCpuAtEnd === null ? null : round((postgresCpuAtEnd - cpuAtStart.postgres) / N),
};

// 2. Moves: the board's drop, 15 minutes later in the same row (back again for a visit moved before), with its version.
const all = [...byWeek.values()].flat();
const state = new Map(all.map((v) => [v.id, { version: v.version, startsAt: v.starts_at, endsAt: v.ends_at, moved: false }]));
const shift = (iso: string, min: number) => new Date(Date.parse(iso) + min * 60_000).toISOString();
const moveMs: number[] = [];
let conflicts = 0;
for (let i = 0; i < MOVES + 10; i++) {
  const visit = all[Math.floor(Math.random() * all.length)]!;
  const s = state.get(visit.id)!;
  const by = s.moved ? -MOVE_MIN : MOVE_MIN;
  const r = await timed('PATCH', `/api/visits/${visit.id}`, { version: s.version, scope: 'this', starts_at: shift(s.startsAt, by), ends_at: shift(s.endsAt, by), confirm_overlap: false });
  if (r.status !== 200) throw new Error(`PATCH /api/visits/${visit.id}: ${r.status} ${r.text}`);
  const saved = SavedVisitSchema.parse(JSON.parse(r.text));
  if (saved.conflicts.length > 0) conflicts++;
  state.set(visit.id, { version: saved.version, startsAt: saved.starts_at, endsAt: saved.ends_at, moved: !s.moved });
  if (i >= 10) moveMs.push(r.ms); // the first ten warm up
}

// 3. EXPLAIN ANALYZE of the week's statement: the longest statement a week's GET sends (the others are the session's
// and the workspace's look-ups), caught on node-postgres' pool, run again under EXPLAIN with the same values.
type PoolQuery = { text: string; values?: unknown[] };
const pool = (ctx.db as unknown as { $client?: { query: (q: PoolQuery) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
const explainMs: { execution: number[]; planning: number[] } = { execution: [], planning: [] };
if (EXPLAINS > 0 && pool && process.env.TEST_DATABASE_URL) {
  const statements: PoolQuery[] = [];
  for (const w of fullWeeks) {
    const caught: PoolQuery[] = [];
    const query = pool.query;
    // drizzle calls query(config, values), queryRows query({ name, text, values }).
    pool.query = ((q: PoolQuery, values?: unknown[]) => {
      caught.push({ text: q.text, values: q.values ?? values ?? [] });
      return (query as (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>).call(pool, q, values);
    }) as typeof query;
    await timed('GET', weekPath(w));
    pool.query = query;
    statements.push(caught.reduce((a, b) => (b.text.length > a.text.length ? b : a)));
  }
  for (let i = 0; i < EXPLAINS; i++) {
    const s = statements[i % statements.length]!;
    const { rows } = await pool.query({ text: `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${s.text}`, values: s.values ?? [] });
    const plan = (rows[0]!['QUERY PLAN'] as [{ 'Execution Time': number; 'Planning Time': number }])[0];
    explainMs.execution.push(plan['Execution Time']);
    explainMs.planning.push(plan['Planning Time']);
    if (i === 0 && 'plan' in args) {
      const text = await pool.query({ text: `EXPLAIN (ANALYZE, BUFFERS, VERBOSE) ${s.text}`, values: s.values ?? [] });
      console.log(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
}

const results = {
  database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
  seed: { crews: CREWS, peopleAlone: PEOPLE, visits: VISITS, jobs: JOBS, from: seeded!.first, to: seeded!.last },
  week: { ...stats(weekMs), cpu: weekCpu, visitsPerAnswer: Math.round(weekVisits.reduce((a, b) => a + b, 0) / weekVisits.length), kbPerAnswer: Math.round(weekBytes.reduce((a, b) => a + b, 0) / weekBytes.length / 102.4) / 10 },
  move: { ...stats(moveMs), withConflicts: conflicts },
  explain: explainMs.execution.length ? { n: explainMs.execution.length, execution: stats(explainMs.execution), planning: stats(explainMs.planning) } : null,
  loadavg: { start: loadAtStart, end: load() },
};
console.log(`\n| request (${results.database}, one at a time) | n | p50 ms | p95 ms | p99 ms | max ms | answer |\n|---|---|---|---|---|---|---|`);
console.log(`| GET /api/visits (a week: ${results.week.visitsPerAnswer} visits of ${CREWS} crews) | ${results.week.n} | ${results.week.p50} | **${results.week.p95}** | ${results.week.p99} | ${results.week.max} | ${results.week.kbPerAnswer} kB |`);
console.log(`| … its CPU a request: this process (server and client) ${weekCpu.nodeMs} ms, PostgreSQL ${weekCpu.postgresMs ?? '–'} ms | | | | | | |`);
console.log(`| PATCH /api/visits/:id (move 15 min, with version) | ${results.move.n} | ${results.move.p50} | **${results.move.p95}** | ${results.move.p99} | ${results.move.max} | ${conflicts} with overlaps |`);
if (results.explain) {
  const { n, execution: e, planning: p } = results.explain;
  console.log(`| EXPLAIN ANALYZE of the week's statement: execution (planning) | ${n} | ${e.p50} (${p.p50}) | **${e.p95}** (${p.p95}) | ${e.p99} | ${e.max} | |`);
}
console.log(`\nload average (1, 5, 15 min): start ${results.loadavg.start}, end ${results.loadavg.end}; ${os.cpus().length} CPUs, Node ${process.version}`);
console.log(JSON.stringify(results));
if ('keep' in args && ctx.databaseUrl) {
  console.log(`kept the database: ${ctx.databaseUrl} (workspace ${ws})`);
  await ctx.app.close();
  process.exit(0);
}
await ctx.close();
