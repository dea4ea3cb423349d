// kill -9 while Stripe's webhook events are being handled (issue 33: "kill -9 during a webhook → the redelivery
// completes it once"). Runs the BUILT server (`npm run build` first) on PGlite, with the Stripe stand-in
// (apps/server/src/test/stripe-stub.ts, plain TypeScript that Node 24 runs as it is) over real HTTP both ways:
//   node bench/webhook-crash.mjs [--rounds=3] [--invoices=30]
// Each round: `invoices` invoices sent and paid by card on the stand-in's page with delivery held back, then their
// `checkout.session.completed` events POSTed to the webhook 6 at once; the server is killed with SIGKILL at a random
// moment among them; it is restarted on the same data, and every event is delivered again (Stripe retries what was
// not answered 2xx; here all of them, so the answered ones are replays too). Then each invoice must show exactly one
// online payment and be paid, and each payer must get exactly one receipt email (the development mailbox).
// Loopback only; every wait is bounded. Exits 1 when an invoice is paid twice or not at all, or a receipt is missing
// or doubled.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStripeStub } from '../apps/server/src/test/stripe-stub.ts';
import { assertBuilt, startServer } from '../scripts/lib/server-process.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ROUNDS = Number(arg('rounds', 3));
const INVOICES = Number(arg('invoices', 30));
const PORT = Number(arg('port', 3479));
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'webhook-crash-admin@fieldbook.test', password: 'webhook-crash-password-1' };

assertBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-webhook-crash-'));
const stub = await startStripeStub({ autoDeliver: false });
stub.webhookUrl = `${BASE}/api/payments/stripe/webhook`;

/** The built server on the same data each time (scripts/lib/server-process.mjs, the built-server scripts' one home). */
const startFieldbook = () =>
  startServer('fieldbook', {
    ...stub.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_ADMIN_EMAIL: ADMIN.email,
    DEMO_ADMIN_PASSWORD: ADMIN.password,
    DEV_MAILBOX: 'true',
    AUTH_RATE_LIMIT: '100000',
    AUTH_ACCOUNT_RATE_LIMIT: '100000',
    QUOTE_LINK_RATE_LIMIT: '100000', // the client links' limit (quotes and invoices): 20 payments from one address a round
    LOG_LEVEL: 'warn',
  });

let headers;
async function signIn() {
  const res = await fetch(`${BASE}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  headers = { authorization: `Bearer ${(await res.json()).access_token}` };
}

async function api(method, p, body, h = headers) {
  const res = await fetch(`${BASE}${p}`, { method, headers: { ...h, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The payer's receipt emails in the development mailbox (the outbox delivers them in the background). */
async function receiptsFor(email) {
  const list = await api('GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}&limit=20`, undefined, {});
  return (list.messages ?? list).filter((m) => /receipt/i.test(m.subject ?? ''));
}

let server = await startFieldbook();
await server.ready();
await signIn();
// The workspace's admin connects its Stripe account, as in Settings › Payments.
const { url: onboarding } = await api('POST', '/api/payments/stripe-connect');
await fetch(`${onboarding}/complete`, { method: 'POST', redirect: 'manual' });
for (const event of stub.events.splice(0)) await stub.deliver(event); // account.updated
if (!(await api('GET', '/api/payments/status')).enabled) throw new Error('Stripe did not connect');

const totals = { invoices: 0, paidOnce: 0, paidTwice: 0, unpaid: 0, receiptsOnce: 0, receiptsWrong: 0, deliveriesCutByKill: 0 };
const problems = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const job = await api('POST', '/api/jobs', { client_name: `Webhook crash round ${round}` });
    const paid = [];
    for (let i = 0; i < INVOICES; i++) {
      const draft = await api('POST', `/api/jobs/${job.id}/invoices`, { title: `Round ${round} invoice ${i}`, items: [{ name: 'Work', quantity: 1, unit: 'ea', unit_price_cents: 10_000 + i, taxable: false }], payment_terms: 'due_on_receipt' });
      await api('POST', `/api/invoices/${draft.id}/mark-sent`);
      const { link } = await api('GET', `/api/invoices/${draft.id}/client-link`);
      const token = link.slice(link.lastIndexOf('/') + 1);
      const { url } = await api('POST', `/api/public/invoice-payments/${token}/checkout`, {}, {});
      const email = `payer-${round}-${i}-${process.pid}@example.test`;
      await stub.pay(url.slice(url.lastIndexOf('/') + 1), 'card', { email });
      paid.push({ id: draft.id, email });
    }
    const events = stub.events.splice(0).filter((e) => e.type === 'checkout.session.completed');

    // Deliver 6 at once; kill the server at a random moment among them.
    let next = 0;
    let killed = false;
    const killAt = 2 + Math.floor(Math.random() * Math.max(1, events.length - 4));
    const deliverers = Array.from({ length: 6 }, async () => {
      while (next < events.length) {
        const i = next++;
        if (i === killAt && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
        try {
          const status = await stub.deliver(events[i]);
          if (status >= 300) totals.deliveriesCutByKill++;
        } catch {
          totals.deliveriesCutByKill++; // the kill cut it: Stripe delivers it again later
        }
      }
    });
    await Promise.all(deliverers);
    await server.exited;

    server = await startFieldbook();
    await server.ready();
    await signIn();
    // Stripe's retries: every event again (the ones answered before the kill are replays).
    for (const event of events) {
      const status = await stub.deliver(event);
      if (status >= 300) problems.push(`round ${round}: redelivery of ${event.id} answered ${status}`);
    }
    for (const { id, email } of paid) {
      totals.invoices++;
      const invoice = await api('GET', `/api/invoices/${id}`);
      const online = invoice.payments.filter((p) => p.kind === 'payment' && p.online_method);
      if (online.length === 1 && invoice.totals.balance_cents === 0 && invoice.status === 'paid') totals.paidOnce++;
      else if (online.length > 1) {
        totals.paidTwice++;
        problems.push(`round ${round}: ${invoice.number} paid ${online.length} times`);
      } else {
        totals.unpaid++;
        problems.push(`round ${round}: ${invoice.number} not paid (${invoice.status}, balance ${invoice.totals.balance_cents})`);
      }
      // The receipt goes out through the outbox after the payment's transaction: bounded wait for it.
      let receipts = [];
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        receipts = await receiptsFor(email);
        if (receipts.length >= 1) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      if (receipts.length === 1) totals.receiptsOnce++;
      else {
        totals.receiptsWrong++;
        problems.push(`round ${round}: ${receipts.length} receipt emails to ${email}`);
      }
    }
    console.log(`round ${round}: ${events.length} events, server killed at delivery ${killAt}; paid once ${totals.paidOnce}/${totals.invoices} so far`);
  }
} finally {
  await server.stop('SIGTERM');
  await stub.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ rounds: ROUNDS, ...totals, problems: problems.slice(0, 20) }, null, 2));
if (problems.length > 0 || totals.paidOnce !== totals.invoices) process.exit(1);
