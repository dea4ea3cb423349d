// Quotes (issue 27): the homeowner's quote page and the signed PDF, on PostgreSQL, through real HTTP:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/quotes.ts [--requests=2000] [--concurrency=8] [--pdfs=20]
// 1. GET /api/public/quotes/:token (what /q/:token loads: the link's two rate-limit counters — per address, per quote —,
//    the token check, the quote, its 12 lines, company, job, approval; the test app's QUOTE_LINK_RATE_LIMIT and
//    AUTH_RATE_LIMIT are 10000, so the counters are counted but never refuse the run's requests)
//    `requests` times, `concurrency` at once, on a Good/Better/Best quote — p50/p95/p99 and requests per second.
// 2. The signed PDF: `pdfs` quotes approved, then the job (quote-signed-pdf) drained by hand — ms per PDF (write the
//    PDF with the signature and audit page, store it as a document, queue the contractor's email).
// A throwaway database per run (the test helper's createTestApp: migrations applied, dropped at the end).
import { PublicQuoteSchema, QuoteSchema, SentQuoteSchema, type QuoteBody } from '@fieldbook/contract';
import { startQuotePdfWorker } from '../apps/server/src/features/quotes';
import { signaturePng } from '../apps/server/src/features/quotes/quotes.test-helpers';
import { insertContact, insertJob } from '../apps/server/src/test/factories';
import { createTestApp, createTestUser } from '../apps/server/src/test/setup-app';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const REQUESTS = Number(args.requests ?? 2000);
const CONCURRENCY = Number(args.concurrency ?? 8);
const PDFS = Number(args.pdfs ?? 20);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

const ctx = await createTestApp({ LOG_LEVEL: 'silent' }, { checkResponses: false });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const address = ctx.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' });
const maria = await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' });
const expires = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const body: QuoteBody = {
  title: 'Roof replacement',
  options: [{ name: 'Good' }, { name: 'Better' }, { name: 'Best' }],
  items: [
    ...['Tear-off', 'Underlayment', 'Drip edge', 'Ice and water shield', 'Ridge cap', 'Flashing', 'Disposal', 'Permit'].map((name, i) => ({ section: 'Base', name, quantity: 1 + i, unit: 'ea', unit_price_cents: 5000 + i * 1234 })),
    { section: 'Roofing', name: '3-tab shingles', quantity: 24, unit: 'sq', unit_price_cents: 9500, option: 0 },
    { section: 'Roofing', name: 'Architectural shingles', quantity: 24, unit: 'sq', unit_price_cents: 12500, option: 1 },
    { section: 'Roofing', name: 'Designer shingles', quantity: 24, unit: 'sq', unit_price_cents: 18000, option: 2 },
    { section: 'Extras', name: 'Seamless gutters', quantity: 120.5, unit: 'ft', unit_price_cents: 899, optional: true },
  ],
  discount: { type: 'percent', percent: 5 },
  tax_rate_percent: 8.25,
  deposit: { type: 'percent', percent: 30 },
  expires_on: expires,
  terms: 'Balance due on completion.',
};
const api = async (method: string, path: string, payload?: unknown) => {
  const res = await fetch(`${base}${path}`, { method, headers: { ...alice.headers, 'content-type': 'application/json' }, body: payload === undefined ? undefined : JSON.stringify(payload) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const sendOne = async () => {
  const quote = QuoteSchema.parse(await api('POST', `/api/jobs/${job.id}/quotes`, body));
  const sent = SentQuoteSchema.parse(await api('POST', `/api/quotes/${quote.id}/send`, { contact_id: maria.id, methods: ['email'] }));
  return sent.link.slice(sent.link.lastIndexOf('/') + 1);
};

// 1. The quote page.
const token = await sendOne();
for (let i = 0; i < 50; i++) await fetch(`${base}/api/public/quotes/${token}`).then((r) => r.arrayBuffer()); // warm-up
const times: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < REQUESTS) {
      next += 1;
      const t = performance.now();
      const res = await fetch(`${base}/api/public/quotes/${token}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`view answered ${res.status}`);
      times.push(performance.now() - t);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
console.log(JSON.stringify({ quote_page: { requests: REQUESTS, concurrency: CONCURRENCY, p50_ms: round(pct(times, 50)), p95_ms: round(pct(times, 95)), p99_ms: round(pct(times, 99)), rps: Math.round(REQUESTS / seconds) } }));

// 2. The signed PDF.
const signature = signaturePng(600, 160);
for (let i = 0; i < PDFS; i++) {
  const t = await sendOne();
  const page = PublicQuoteSchema.parse(await (await fetch(`${base}/api/public/quotes/${t}`)).json());
  const res = await fetch(`${base}/api/public/quotes/${t}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signer_name: 'Maria Garcia', signature_png: signature, consent: true, option: 1, optional_item_ids: [page.items.at(-1)!.id], content_fingerprint: page.content_fingerprint }),
  });
  if (res.status !== 200) throw new Error(`approve answered ${res.status}: ${await res.text()}`);
}
const worker = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: base });
const pdfStarted = performance.now();
const done = await worker.drain();
const pdfMs = (performance.now() - pdfStarted) / done;
worker.stop();
console.log(JSON.stringify({ signed_pdf: { pdfs: done, ms_per_pdf: round(pdfMs) } }));
await ctx.app.close();
await ctx.close();
