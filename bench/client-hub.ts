// The client's side (issue 36): the client hub's page for a client with many jobs, and the follow-up scan over many
// quotes — on PostgreSQL (or PGlite without TEST_DATABASE_URL), through real HTTP for the page:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ./node_modules/.bin/node --import tsx bench/client-hub.ts \
//     [--jobs=50] [--noise=500] [--n=300] [--quotes=100000] [--invoices=<quotes>] [--workspaces=2] [--max=2000]
// 1. Seeds (bulk SQL) one workspace (zone America/Chicago) with a client contact who has `jobs` jobs, each with a quote
//    and an invoice sent to them and recorded on their hub (client_hubs + client_hub_items, as hubLinkFor records a
//    send) and two visits (one past, one upcoming); `noise` more jobs of other clients with a quote and an invoice
//    each. Then GET /api/public/hub/:token (what the web's /h/:token page loads) with a fresh link (hubLink), `n` times
//    one at a time: p50/p95/p99 and the answer's size.
// 2. Seeds `quotes` quotes (sent or viewed, a tenth approved; first sent at distinct times over the last 30 days, in
//    milliseconds as the app stores them; a sent email each) and `invoices` invoices (a line and a sent email each)
//    over `workspaces` workspaces,
//    switches the quote follow-up on through PUT /api/client-message-settings, then moves each workspace's scan cursor
//    back 31 days (as if switched on a month ago, so every seeded quote is ahead of it) and drains the scan job as the
//    tests do (startJob(...).drain()): time per run, runs until caught up, rows queued; then a run with nothing new.
//    Then the deliver job over what is due, at most `max` claims (claimOne + the job's work, one at a time, as the
//    runner does): time per message (and of its claim alone) and what became of them.
// 3. The invoices' side: the overdue reminders switched on through PUT /api/invoice-reminder-settings (which wakes each
//    workspace's open invoices: its time), then the reminder job over the woken invoices, at most `max` claims, as
//    above: time per invoice and how many reminders went.
// Prints a table and the load average at start and end. A throwaway database per run (createTestApp, dropped at the end).
import { ClientHubViewSchema, DEFAULT_CLIENT_MESSAGE_RULES, type ClientMessageRules } from '@fieldbook/contract';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/sql';
import { hubLink } from '../apps/server/src/features/client-hub/hub-link';
import { clientMessageJob } from '../apps/server/src/features/client-messages/deliver';
import { clientMessageScanJob } from '../apps/server/src/features/client-messages/scan';
import { invoiceReminderJob } from '../apps/server/src/features/invoices/reminders';
import { claimOne, startJob } from '../apps/server/src/platform/jobs';
import { insertContact } from '../apps/server/src/test/factories';
import { createTestApp, createTestUser } from '../apps/server/src/test/setup-app';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const JOBS = Number(args.jobs ?? 50);
const NOISE = Number(args.noise ?? 500);
const N = Number(args.n ?? 300);
const QUOTES = Number(args.quotes ?? 100_000);
const INVOICES = Number(args.invoices ?? QUOTES);
const WORKSPACES = Math.max(1, Number(args.workspaces ?? 2));
const MAX = Number(args.max ?? 2000);
const ZONE = 'America/Chicago';
const BATCH = 20_000;

const round = (n: number) => Math.round(n * 100) / 100;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: round(pct(s, 50)), p95: round(pct(s, 95)), p99: round(pct(s, 99)), max: round(s.at(-1) ?? 0), total: round(s.reduce((a, b) => a + b, 0)) };
};
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
/** A uuid[] parameter (drizzle spreads a JS array into a row of parameters). */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

const loadAtStart = load();
// As main.ts builds it: without the tests' parse of every answer against its schema (checkResponses).
const ctx = await createTestApp({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000000', QUOTE_LINK_RATE_LIMIT: '1000000' }, { checkResponses: false });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
const count = async (query: SQL) => (await queryRows<{ n: number }>(ctx.db, query))[0]!.n;

/** `n` jobs of `ws` (client `clientName(g)`), answered in order. */
async function seedJobs(ws: string, owner: string, n: number, clientName: SQL): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; from < n; from += BATCH) {
    const rows = await queryRows<{ id: string }>(
      ctx.db,
      sql`insert into jobs (workspace_id, created_by, client_name, property_address, title, status)
          select ${ws}, ${owner}, ${clientName}, (100 + g) || ' Oak Street, Austin TX', (array['Roof replacement','Gutter repair','Leak inspection','Siding','Skylight'])[1 + g % 5], 'active'
          from generate_series(${from}::int, ${Math.min(n, from + BATCH) - 1}::int) g order by g returning id`,
    );
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

const sequences = new Map<string, number>();
/**
 * `n` quotes and `n` invoices of `ws`: item g on job g % jobs, first sent `g * spreadS / n` seconds ago (distinct times:
 * the scan keeps its place by the last one's time); a tenth of the quotes approved, the rest sent or viewed.
 */
async function seedQuotes(ws: string, jobIds: string[], n: number, spreadS: number, kind: 'quotes' | 'invoices'): Promise<void> {
  for (let from = 0; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH);
    const seq = sequences.get(`${ws}:${kind}`) ?? 1000;
    sequences.set(`${ws}:${kind}`, seq + (to - from));
    const ago = sql`((${n} - g) * ${spreadS}::float8 / ${n}) * interval '1 second'`;
    const job = sql`(${uuids(jobIds)})[1 + g % ${jobIds.length}]`;
    if (kind === 'quotes') {
      await ctx.db.execute(sql`
        insert into quotes (workspace_id, job_id, family_id, number, sequence, status, title, expires_on, expires_at, first_sent_at, sent_at, viewed_at, decided_at, sent_email)
        select ${ws}, ${job}, gen_random_uuid(), 'Q-' || (${seq} + g - ${from}), ${seq} + g - ${from},
               case when g % 10 = 0 then 'approved' when g % 3 = 0 then 'viewed' else 'sent' end, 'Roof replacement ' || g,
               current_date + 60, now() + interval '60 days', date_trunc('milliseconds', now() - ${ago}), date_trunc('milliseconds', now() - ${ago}),
               case when g % 3 = 0 or g % 10 = 0 then now() - ${ago} + interval '1 hour' end, case when g % 10 = 0 then now() - ${ago} + interval '2 hours' end,
               'client' || g || '@example.com'
        from generate_series(${from}::int, ${to - 1}::int) g`);
    } else {
      await ctx.db.execute(sql`
        insert into invoices (workspace_id, job_id, number, sequence, status, title, payment_terms, issued_on, due_on, due_at, sent_at, total_cents, sent_email)
        select ${ws}, ${job}, 'INV-' || (${seq} + g - ${from}), ${seq} + g - ${from}, case when g % 10 = 0 then 'viewed' else 'sent' end, 'Roof replacement ' || g, 'net_15',
               (now() - ${ago})::date, (now() - ${ago})::date + 15, (now() - ${ago})::date + 16, now() - ${ago}, 250000 + (g % 97) * 100, 'client' || g || '@example.com'
        from generate_series(${from}::int, ${to - 1}::int) g`);
      // One line each, of its total (a reminder reads the balance from the lines).
      await ctx.db.execute(sql`
        insert into invoice_items (invoice_id, workspace_id, position, name, quantity_milli, unit_price_cents, taxable)
        select id, workspace_id, 0, title, 1000, total_cents, false from invoices where workspace_id = ${ws} and sequence between ${seq} and ${seq + (to - from) - 1}`);
    }
  }
}

// ---- 1. The hub page ----------------------------------------------------------------------------------------------
const owner = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing', role: 'admin' });
const ws = owner.workspaceId!;
await ctx.db.execute(sql`update workspaces set time_zone = ${ZONE} where id = ${ws}`);
let t0 = performance.now();
const maria = await insertContact(ctx.db, { ownerId: owner.id, name: 'Maria Garcia', phoneNumber: '5125550142', email: 'maria@example.com' });
const mariaJobs = await seedJobs(ws, owner.id, JOBS, sql`'Maria Garcia'`);
const noiseJobs = await seedJobs(ws, owner.id, NOISE, sql`(array['James Lopez','Sam Patel','Ana Kim','Lee Brown'])[1 + g % 4] || ' ' || g`);
await seedQuotes(ws, mariaJobs, JOBS, 180 * 86_400, 'quotes');
await seedQuotes(ws, mariaJobs, JOBS, 180 * 86_400, 'invoices');
if (NOISE > 0) {
  await seedQuotes(ws, noiseJobs, NOISE, 180 * 86_400, 'quotes');
  await seedQuotes(ws, noiseJobs, NOISE, 180 * 86_400, 'invoices');
}
// Her hub as her sends made it (hubLinkFor): the hub row, and each quote and invoice of her jobs recorded on it.
const [hub] = await queryRows<{ id: string }>(ctx.db, sql`insert into client_hubs (workspace_id, contact_id, contractor_id) values (${ws}, ${maria.id}, ${owner.id}) returning id`);
await ctx.db.execute(sql`
  insert into client_hub_items (hub_id, workspace_id, kind, item_id, job_id, linked_at)
  select ${hub!.id}::uuid, ${ws}::uuid, 'quote', id, job_id, sent_at from quotes where job_id = any(${uuids(mariaJobs)})
  union all
  select ${hub!.id}::uuid, ${ws}::uuid, 'invoice', id, job_id, sent_at from invoices where job_id = any(${uuids(mariaJobs)})`);
// Two visits per job of every job (hers and the others'): one a week ago, one next week, 2 h, with an arrival window.
await ctx.db.execute(sql`
  insert into visits (workspace_id, job_id, starts_at, ends_at, local_date, end_local_date, arrival_start, arrival_end, notes, created_by)
  select ${ws}, j.id, s.d + time '09:00' at time zone ${ZONE}, s.d + time '11:00' at time zone ${ZONE}, s.d, s.d, '08:00', '10:00', 'Gate code 1234', ${owner.id}
  from unnest(${uuids([...mariaJobs, ...noiseJobs])}) with ordinality j(id, i),
       lateral (values (current_date - 7 + (j.i % 5)::int), (current_date + 7 + (j.i % 5)::int)) s(d)`);
for (const table of ['jobs', 'quotes', 'invoices', 'visits', 'client_hubs', 'client_hub_items']) await ctx.db.execute(sql.raw(`analyze ${table}`));
const hubItems = await count(sql`select count(*)::int as n from client_hub_items where hub_id = ${hub!.id}`);
if (hubItems !== 2 * JOBS) throw new Error(`seed: ${hubItems} hub items for ${JOBS} jobs`);
const hubSeedS = round((performance.now() - t0) / 1000);
console.log(`seeded a client with ${JOBS} jobs (${hubItems} hub items), ${NOISE} other jobs, ${2 * (JOBS + NOISE)} visits in ${hubSeedS} s`);

const token = hubLink(ctx.signer, ctx.config.publicUrl, hub!.id, new Date()).split('/').at(-1)!;
const hubPath = `/api/public/hub/${token}`;
const first = await fetch(`${base}${hubPath}`);
if (first.status !== 200) throw new Error(`GET ${hubPath}: ${first.status} ${await first.text()}`);
const view = ClientHubViewSchema.parse(await first.json());
if (view.state !== 'open') throw new Error(`the fresh link answered ${view.state}`);
const shown = { quotes: view.hub.quotes.length, invoices: view.hub.invoices.length, upcoming: view.hub.upcoming_visits.length, past: view.hub.past_visits.length };
for (let i = 0; i < 20; i++) await (await fetch(`${base}${hubPath}`)).text(); // warm-up
const hubMs: number[] = [];
let hubBytes = 0;
for (let i = 0; i < N; i++) {
  const t = performance.now();
  const res = await fetch(`${base}${hubPath}`);
  const text = await res.text();
  hubMs.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`GET ${hubPath}: ${res.status} ${text}`);
  hubBytes = Buffer.byteLength(text);
}

// ---- 2. The follow-up scan and the deliveries -------------------------------------------------------------------
t0 = performance.now();
const scanned: { id: string; headers: Record<string, string> }[] = [];
for (let w = 0; w < WORKSPACES; w++) {
  const admin = await createTestUser(ctx, { workspaceName: `Follow-up Roofing ${w + 1}`, role: 'admin' });
  const id = admin.workspaceId!;
  await ctx.db.execute(sql`update workspaces set time_zone = ${ZONE} where id = ${id}`);
  const quotes = Math.floor(QUOTES / WORKSPACES) + (w < QUOTES % WORKSPACES ? 1 : 0);
  const invoices = Math.floor(INVOICES / WORKSPACES) + (w < INVOICES % WORKSPACES ? 1 : 0);
  const jobIds = await seedJobs(id, admin.id, Math.max(1, Math.ceil(quotes / 5)), sql`'Client ' || g`);
  if (quotes > 0) await seedQuotes(id, jobIds, quotes, 30 * 86_400, 'quotes');
  if (invoices > 0) await seedQuotes(id, jobIds, invoices, 30 * 86_400, 'invoices');
  scanned.push({ id, headers: admin.headers });
}
for (const table of ['jobs', 'quotes', 'invoices']) await ctx.db.execute(sql.raw(`analyze ${table}`));
const scanSeedS = round((performance.now() - t0) / 1000);
console.log(`seeded ${QUOTES} quotes and ${INVOICES} invoices over ${WORKSPACES} workspaces in ${scanSeedS} s`);

const rules: ClientMessageRules = structuredClone(DEFAULT_CLIENT_MESSAGE_RULES);
rules.quote_follow_up.enabled = true;
for (const s of scanned) {
  const res = await fetch(`${base}/api/client-message-settings`, { method: 'PUT', headers: { ...s.headers, 'content-type': 'application/json' }, body: JSON.stringify({ rules, review_link: null }) });
  if (res.status !== 200) throw new Error(`PUT /api/client-message-settings: ${res.status} ${await res.text()}`);
}
// Switched on now, the scan would ask about nothing seeded: as if it had been switched on 31 days ago.
await ctx.db.execute(sql`update client_message_settings set quote_cursor = now() - interval '31 days', scan_due_at = now() - interval '1 second' where workspace_id = any(${uuids(scanned.map((s) => s.id))})`);

const queued = () => count(sql`select count(*)::int as n from client_message_queue where rule = 'quote_follow_up'`);
const scanJob = clientMessageScanJob({ db: ctx.db });
const scanRuns: { ms: number; queuedAfter: number }[] = [];
const timedScan = {
  ...scanJob,
  work: async (row: Parameters<typeof scanJob.work>[0]) => {
    const t = performance.now();
    await scanJob.work(row);
    const ms = performance.now() - t;
    scanRuns.push({ ms, queuedAfter: await queued() });
  },
};
t0 = performance.now();
await startJob(ctx.db, timedScan).drain();
const scanWallS = round((performance.now() - t0) / 1000);
const scanQueued = await queued();
const cursorsDone = await count(sql`select count(*)::int as n from client_message_settings s where s.workspace_id = any(${uuids(scanned.map((x) => x.id))})
  and s.quote_cursor = (select max(first_sent_at) from quotes q where q.workspace_id = s.workspace_id)`);
// A second drain once caught up (its due time made now): the cost of a run with nothing new.
await ctx.db.execute(sql`update client_message_settings set scan_due_at = now() - interval '1 second' where workspace_id = any(${uuids(scanned.map((s) => s.id))})`);
const idleRuns = scanRuns.length;
await startJob(ctx.db, timedScan).drain();
const idleMs = scanRuns.slice(idleRuns).map((r) => r.ms);
const catchUpMs = scanRuns.slice(0, idleRuns).map((r) => r.ms);

// Deliveries: what is due now (the first follow-ups of quotes sent more than the rule's days ago), at most MAX claims.
const deliverJob = clientMessageJob({ db: ctx.db, signer: ctx.signer, publicUrl: ctx.config.publicUrl });
const dueBefore = await count(sql`select count(*)::int as n from client_message_queue where status = 'pending' and due_at <= now()`);
const deliverMs: number[] = [];
const deliverClaimMs: number[] = [];
for (let i = 0; i < MAX; i++) {
  const t = performance.now();
  const claimed = await claimOne(ctx.db, deliverJob);
  deliverClaimMs.push(performance.now() - t);
  if (!claimed) break;
  if (!claimed.settled) await deliverJob.work(claimed.row);
  deliverMs.push(performance.now() - t);
}
const outcomes = await queryRows<{ status: string; n: number }>(ctx.db, sql`select status, count(*)::int as n from client_message_queue group by status order by status`);
const outbox = await count(sql`select count(*)::int as n from outbox_messages`);

// ---- 3. The invoices' side: overdue reminders -------------------------------------------------------------------
const wakeMs: number[] = [];
for (const s of scanned) {
  const t = performance.now();
  const res = await fetch(`${base}/api/invoice-reminder-settings`, { method: 'PUT', headers: { ...s.headers, 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true, first_after_days: 3, second_after_days: 10 }) });
  wakeMs.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`PUT /api/invoice-reminder-settings: ${res.status} ${await res.text()}`);
}
const woken = await count(sql`select count(*)::int as n from invoices where reminder_status = 'scheduled' and workspace_id = any(${uuids(scanned.map((s) => s.id))})`);
const reminderJob = invoiceReminderJob({ db: ctx.db, signer: ctx.signer, publicUrl: ctx.config.publicUrl });
const reminderMs: number[] = [];
const reminderClaimMs: number[] = [];
for (let i = 0; i < MAX; i++) {
  const t = performance.now();
  const claimed = await claimOne(ctx.db, reminderJob);
  reminderClaimMs.push(performance.now() - t);
  if (!claimed) break;
  if (!claimed.settled) await reminderJob.work(claimed.row);
  reminderMs.push(performance.now() - t);
}
const remindersSent = await count(sql`select count(*)::int as n from invoice_sends where kind = 'reminder'`);

const hubStats = stats(hubMs);
const catchUp = stats(catchUpMs);
const idle = stats(idleMs);
const deliver = stats(deliverMs);
const remind = stats(reminderMs);
const deliverClaim = stats(deliverClaimMs);
const remindClaim = stats(reminderClaimMs);
const results = {
  database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
  hub: { jobs: JOBS, noiseJobs: NOISE, shown, kb: round(hubBytes / 1024), seedS: hubSeedS, ...hubStats },
  scan: { quotes: QUOTES, invoices: INVOICES, workspaces: WORKSPACES, seedS: scanSeedS, runsToCatchUp: catchUp.n, wallS: scanWallS, queued: scanQueued, cursorsAtLastQuote: cursorsDone, perRun: catchUp, idleRun: idle },
  deliver: { dueBefore, maxClaims: MAX, ...deliver, claimAlone: deliverClaim, outcomes: Object.fromEntries(outcomes.map((o) => [o.status, o.n])), outbox },
  reminders: { wakeMs: wakeMs.map(round), woken, maxClaims: MAX, ...remind, claimAlone: remindClaim, sent: remindersSent },
  loadavg: { start: loadAtStart, end: load() },
};
console.log(`\n| what (${results.database}, one at a time) | n | p50 ms | p95 ms | p99 ms | max ms | notes |\n|---|---|---|---|---|---|---|`);
console.log(`| GET /api/public/hub/:token (client with ${JOBS} jobs; ${NOISE} other jobs) | ${hubStats.n} | ${hubStats.p50} | **${hubStats.p95}** | ${hubStats.p99} | ${hubStats.max} | ${results.hub.kb} kB; ${shown.quotes} quotes, ${shown.invoices} invoices, ${shown.upcoming}+${shown.past} visits |`);
console.log(`| follow-up scan run, catching up (${QUOTES} quotes, ${INVOICES} invoices, ${WORKSPACES} workspaces) | ${catchUp.n} | ${catchUp.p50} | **${catchUp.p95}** | ${catchUp.p99} | ${catchUp.max} | ${scanQueued} rows queued in ${scanWallS} s; ${cursorsDone}/${WORKSPACES} cursors at the last quote |`);
console.log(`| follow-up scan run, caught up (nothing new) | ${idle.n} | ${idle.p50} | ${idle.p95} | ${idle.p99} | ${idle.max} | |`);
console.log(`| deliver: claim + work one queued message (${dueBefore} due, max ${MAX}) | ${deliver.n} | ${deliver.p50} | **${deliver.p95}** | ${deliver.p99} | ${deliver.max} | queue ${JSON.stringify(results.deliver.outcomes)}, ${outbox} outbox messages |`);
console.log(`| … of which the claim alone | ${deliverClaim.n} | ${deliverClaim.p50} | **${deliverClaim.p95}** | ${deliverClaim.p99} | ${deliverClaim.max} | |`);
console.log(`| PUT /api/invoice-reminder-settings (wakes the workspace's open invoices) | ${wakeMs.length} | | | | ${round(Math.max(...wakeMs))} | ${wakeMs.map(round).join(' ms, ')} ms; ${woken} invoices scheduled |`);
console.log(`| invoice reminders: claim + work one woken invoice (${woken} scheduled, max ${MAX}) | ${remind.n} | ${remind.p50} | **${remind.p95}** | ${remind.p99} | ${remind.max} | ${remindersSent} reminders sent |`);
console.log(`| … of which the claim alone | ${remindClaim.n} | ${remindClaim.p50} | **${remindClaim.p95}** | ${remindClaim.p99} | ${remindClaim.max} | |`);
console.log(`\nload average (1, 5, 15 min): start ${results.loadavg.start}, end ${results.loadavg.end}; ${os.cpus().length} CPUs, Node ${process.version}`);
console.log(JSON.stringify(results));
await ctx.close();
