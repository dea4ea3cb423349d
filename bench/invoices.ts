// Getting paid (issue 33): the client's invoice page, Stripe's webhook under load with duplicates, and A/R on a large
// workspace — on PostgreSQL (or PGlite without TEST_DATABASE_URL), through real HTTP, with the Stripe stand-in:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx node --import tsx bench/invoices.ts \
//     [--requests=2000] [--concurrency=8] [--events=400] [--duplicates=0.25] [--invoices=100000] [--ar-requests=50]
// 1. GET /api/public/invoices/:token (what /i/:token loads: the link's rate-limit counters — per address, per invoice —,
//    the token check, the invoice, its lines, payments, company and job) `requests` times, `concurrency` at once.
// 2. `events` card payments completed on the stand-in's page, their `checkout.session.completed` events delivered to
//    POST /api/payments/stripe/webhook signed as Stripe signs them, `concurrency` at once, with `duplicates` of them
//    delivered a second time in the mix (Stripe's at-least-once delivery) — events per second, p95 per delivery, and
//    a check that every invoice was paid exactly once.
// 3. `invoices` invoices written straight into one workspace (a quarter paid, some part paid, due days over two years),
//    then GET /api/analytics/receivables (A/R aging + payments per month) `ar-requests` times one at a time — p50/p95 —
//    and the Invoices screen's first page with its totals (GET /api/invoices, and ?status=paid) as many times.
// A throwaway database per run (the test helper's createTestApp: migrations applied, dropped at the end).
import { CheckoutSchema, InvoiceSchema, ReceivablesSchema, type InvoiceBody } from '@fieldbook/contract';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/sql';
import { connectStripeAccount, startAppWithStripe } from '../apps/server/src/test/stripe-app';
import { signLink } from '../apps/server/src/platform/signed-link';
import { insertJob } from '../apps/server/src/test/factories';
import { createTestUser } from '../apps/server/src/test/setup-app';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const REQUESTS = Number(args.requests ?? 2000);
const CONCURRENCY = Number(args.concurrency ?? 8);
const EVENTS = Number(args.events ?? 400);
const DUPLICATES = Number(args.duplicates ?? 0.25);
const INVOICES = Number(args.invoices ?? 100_000);
const AR_REQUESTS = Number(args['ar-requests'] ?? 50);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: round(pct(s, 50)), p95: round(pct(s, 95)), p99: round(pct(s, 99)) };
};

/** Runs `work` for 0..count-1, `concurrency` at once; answers each call's milliseconds and the whole wall time. */
async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<{ ms: number[]; wallMs: number }> {
  const ms: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await work(i);
        ms.push(performance.now() - t);
      }
    }),
  );
  return { ms, wallMs: performance.now() - t0 };
}

const { ctx, stub } = await startAppWithStripe({ LOG_LEVEL: 'silent' }, { checkResponses: false });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
const alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
await connectStripeAccount(ctx, stub, alice);
const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' });

const api = async (method: string, path: string, payload?: unknown, headers: Record<string, string> = alice.headers) => {
  const res = await fetch(`${base}${path}`, { method, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, body: payload === undefined ? undefined : JSON.stringify(payload) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
};
const BODY: InvoiceBody = {
  title: 'Roof replacement',
  items: ['Tear-off', 'Underlayment', 'Drip edge', 'Ice and water shield', 'Ridge cap', 'Flashing', 'Disposal', 'Permit', 'Shingles', 'Gutters', 'Cleanup', 'Inspection'].map((name, i) => ({ name, quantity: 1 + i, unit: 'ea', unit_price_cents: 5_000 + i * 1_234, taxable: i % 2 === 0 })),
  tax_rate_percent: 8.25,
  payment_terms: 'net_15',
};
async function sentInvoice() {
  const created = InvoiceSchema.parse(await api('POST', `/api/jobs/${job.id}/invoices`, BODY));
  const sent = InvoiceSchema.parse(await api('POST', `/api/invoices/${created.id}/mark-sent`));
  return { invoice: sent, token: signLink(ctx.signer, 'invoice', sent.id, 7 * 86_400, new Date()).token };
}
const results: Record<string, unknown> = {};

// 1. The invoice page.
{
  const { token } = await sentInvoice();
  for (let i = 0; i < 50; i++) await api('GET', `/api/public/invoices/${token}`, undefined, {}); // warm up
  const { ms, wallMs } = await pool(REQUESTS, CONCURRENCY, async () => void (await api('GET', `/api/public/invoices/${token}`, undefined, {})));
  results.invoicePage = { requests: REQUESTS, concurrency: CONCURRENCY, ...stats(ms), perSecond: Math.round(REQUESTS / (wallMs / 1000)) };
  console.log('invoice page', results.invoicePage);
}

// 2. The webhook: card payments completed on the stand-in, their events delivered with duplicates mixed in.
{
  stub.autoDeliver = false;
  const paid: { invoiceId: string }[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const { invoice, token } = await sentInvoice();
    const { url } = CheckoutSchema.parse(await api('POST', `/api/public/invoice-payments/${token}/checkout`, {}, {}));
    await stub.pay(url.slice(url.lastIndexOf('/') + 1), 'card');
    paid.push({ invoiceId: invoice.id });
  }
  const completed = stub.events.filter((e) => e.type === 'checkout.session.completed').slice(-EVENTS);
  // Every event once, and `DUPLICATES` of them again, shuffled: a redelivery may come before, beside or after the first.
  const deliveries = [...completed, ...completed.filter((_, i) => i < Math.round(completed.length * DUPLICATES))];
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  const statuses: number[] = [];
  const { ms, wallMs } = await pool(deliveries.length, CONCURRENCY, async (i) => void statuses.push(await stub.deliver(deliveries[i]!)));
  const failed = statuses.filter((s) => s >= 300).length;
  const rows = await queryRows<{ invoices: number; payments: number }>(
    ctx.db,
    sql`select count(distinct invoice_id)::int as invoices, count(*)::int as payments from invoice_payments where workspace_id = ${alice.workspaceId} and kind = 'payment' and online_method is not null`,
  );
  const once = rows[0]!.invoices === paid.length && rows[0]!.payments === paid.length;
  results.webhook = { events: completed.length, deliveries: deliveries.length, duplicates: deliveries.length - completed.length, concurrency: CONCURRENCY, ...stats(ms), eventsPerSecond: Math.round(deliveries.length / (wallMs / 1000)), non2xx: failed, paidOnce: once };
  console.log('webhook', results.webhook);
  if (!once || failed) throw new Error(`webhook: ${JSON.stringify(rows[0])} for ${paid.length} invoices, ${failed} deliveries refused`);
}

// 3. A/R on a large workspace: invoices written in bulk (the API would take hours for 100,000), then the report.
{
  const ws = alice.workspaceId!;
  const t0 = performance.now();
  const batch = 10_000;
  for (let from = 0; from < INVOICES; from += batch) {
    const to = Math.min(INVOICES, from + batch);
    await ctx.db.execute(sql`
      with made as (
        insert into invoices (workspace_id, job_id, number, sequence, status, title, payment_terms, issued_on, due_on, due_at, sent_at, total_cents)
        select ${ws}, ${job.id}, 'INV-' || (100000 + g), 100000 + g, case when g % 10 = 0 then 'viewed' else 'sent' end, 'Bench ' || g, 'net_15',
               current_date - (g % 730), current_date - (g % 730) + 15, (current_date - (g % 730) + 16)::timestamptz, now(),
               6 * (2500 + ((100000 + g) % 97) * 100) -- the lines below: (1 + 2 + 3) × the unit price, no discount or tax
        from generate_series(${from}::int, ${to - 1}::int) g
        returning id, sequence
      ), items as (
        insert into invoice_items (invoice_id, workspace_id, position, name, quantity_milli, unit_price_cents, taxable)
        select id, ${ws}, p, 'Line ' || p, 1000 * (1 + p), 2500 + (sequence % 97) * 100, p % 2 = 0 from made, generate_series(0, 2) p
        returning 1
      )
      insert into invoice_payments (invoice_id, workspace_id, kind, method, amount_cents, received_on)
      select id, ${ws}, 'payment', 'check', case when sequence % 4 = 0 then 1000000 else 5000 end, current_date - (sequence % 365)
      from made where sequence % 4 = 0 or sequence % 7 = 0`);
  }
  for (const table of ['invoices', 'invoice_items', 'invoice_payments']) await ctx.db.execute(sql.raw(`analyze ${table}`));
  const writeMs = performance.now() - t0;
  // The kept totals written above are the ones the invoices show (what sending keeps): checked on a sample.
  const sample = await queryRows<{ id: string; total_cents: number }>(ctx.db, sql`select id, total_cents from invoices where workspace_id = ${ws} and sequence >= 100000 order by random() limit 20`);
  for (const row of sample) {
    const shown = InvoiceSchema.parse(await api('GET', `/api/invoices/${row.id}`)).totals.total_cents;
    if (shown !== Number(row.total_cents)) throw new Error(`bench data: kept total ${row.total_cents} but the invoice shows ${shown}`);
  }
  const first = ReceivablesSchema.parse(await api('GET', '/api/analytics/receivables'));
  const { ms } = await pool(AR_REQUESTS, 1, async () => void ReceivablesSchema.parse(await api('GET', '/api/analytics/receivables')));
  results.receivables = { invoices: INVOICES, written_in_s: round(writeMs / 1000), open: first.total.count, ...stats(ms) };
  console.log('A/R', results.receivables);
  // The Invoices screen on the same workspace: the first page with its totals, and a filter only the money tells.
  for (const [name, path] of [['invoicesScreen', '/api/invoices'], ['invoicesScreenPaid', '/api/invoices?status=paid']] as const) {
    const { ms: listMs } = await pool(AR_REQUESTS, 1, async () => void (await api('GET', path)));
    results[name] = { path, ...stats(listMs) };
    console.log(name, results[name]);
  }
}

console.log(JSON.stringify({ database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite', load: (await import('node:os')).loadavg().map(round), ...results }, null, 2));
await ctx.close();
await stub.close();
