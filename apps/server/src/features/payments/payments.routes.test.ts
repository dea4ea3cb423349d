import {
  CheckoutSchema,
  InvoiceOnlinePaymentsSchema,
  InvoiceSchema,
  OnlinePaymentSchema,
  PAY_PARTIAL_NOT_ALLOWED,
  PAY_PROCESSING,
  PAYMENTS_NOT_CONFIGURED,
  PublicDepositSchema,
  PublicInvoicePaymentSchema,
  PublicInvoiceSchema,
  QuoteDepositPaymentsSchema,
  QuoteSchema,
  SentQuoteSchema,
  type Invoice,
  type InvoiceBody,
  type QuoteBody,
} from '@fieldbook/contract';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, notifications, onlinePayments, outboxMessages, stripeEvents } from '../../db/schema';
import { signLink } from '../../platform/signed-link';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import type { StripeStub } from '../../test/stripe-stub';
import { connectStripeAccount, startAppWithStripe } from '../../test/stripe-app';

// Fieldbook listens on a real port and the stand-in speaks Stripe's API over real HTTP both ways: the `stripe`
// package's requests to it, and its signed webhook deliveries back.
let ctx: TestContext;
let stub: StripeStub;
let alice: TestUser; // the workspace's owner (an admin)
let bob: TestUser; // a plain member
let eve: TestUser; // another workspace
let jobId: string;
let maria: string;
let account: string; // alice's workspace's connected Stripe account

const BODY: InvoiceBody = {
  title: 'Deck repair',
  items: [{ name: 'Boards', quantity: 10, unit: 'ea', unit_price_cents: 5_000, taxable: false }],
  payment_terms: 'net_15',
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function sentInvoice(body: InvoiceBody = BODY): Promise<{ invoice: Invoice; token: string }> {
  const created = await api(alice, 'POST', `/api/jobs/${jobId}/invoices`, body);
  expect(created.statusCode, created.body).toBe(201);
  const sent = await api(alice, 'POST', `/api/invoices/${created.json().id}/mark-sent`);
  expect(sent.statusCode, sent.body).toBe(200);
  const invoice = InvoiceSchema.parse(sent.json());
  // The client's link as the invoices' sending makes it (platform/client-links.ts: purpose 'invoice').
  return { invoice, token: signLink(ctx.signer, 'invoice', invoice.id, 7 * 86_400, new Date()).token };
}

const payState = async (token: string) => {
  const res = await api(null, 'GET', `/api/public/invoice-payments/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return PublicInvoicePaymentSchema.parse(res.json());
};
const checkout = async (token: string, body: object = {}) => {
  const res = await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, body);
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutSchema.parse(res.json()).url;
};
const sessionOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const invoiceNow = async (id: string) => InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${id}`)).json());
const onlineOf = async (id: string, user = alice) => InvoiceOnlinePaymentsSchema.parse((await api(user, 'GET', `/api/invoices/${id}/online-payments`)).json());

beforeAll(async () => {
  ({ ctx, stub } = await startAppWithStripe());
  alice = await createTestUser(ctx, { workspaceName: 'Oak & Sons' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Deck repair' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  account = await connectStripeAccount(ctx, stub, alice);
  stub.deliveries.length = 0;
});
afterAll(async () => {
  await ctx?.close();
  await stub?.close();
});

describe('paying an invoice online', () => {
  it('card: the checkout is for the balance, Stripe page → webhook → one payment row; the same link then shows nothing due', async () => {
    const { invoice, token } = await sentInvoice();
    expect(await payState(token)).toMatchObject({ available: true, balance_cents: 50_000, payable_cents: 50_000, allow_partial: false });
    const url = await checkout(token);
    expect(url.startsWith(`${stub.url}/pay/`)).toBe(true);
    const session = stub.sessions.get(sessionOf(url))!;
    expect(session).toMatchObject({ amount_total: 50_000, payment_method_types: ['card', 'us_bank_account'], metadata: { fieldbook_invoice_id: invoice.id } });
    // Made on the workspace's connected account (the Stripe-Account header), and its event comes from that account.
    expect(session._account).toBe(account);
    expect(stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)?.account).toBe(account);
    expect(session.success_url).toBe(`http://localhost:3000/i/${token}?payment=done`);

    // The client presses Pay on Stripe's page (over HTTP): Stripe redirects back and tells the webhook.
    const paid = await fetch(url.replace(/\/pay\/(.+)$/, '/pay/$1/card'), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(stub.deliveries).toEqual([200]);

    const after = await invoiceNow(invoice.id);
    expect(after.status).toBe('paid');
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ kind: 'payment', method: 'other', amount_cents: 50_000 });
    expect(after.payments[0]!.note).toContain('Paid online by card');
    // The client's page says it was paid online by card (its stored method, 'other', would read "Other").
    const page = PublicInvoiceSchema.parse((await api(null, 'GET', `/api/public/invoices/${token}`)).json());
    expect(page.payments).toEqual([{ kind: 'payment', method: 'other', online_method: 'card', amount_cents: 50_000, received_on: after.payments[0]!.received_on }]);
    expect(await payState(token)).toMatchObject({ available: false, balance_cents: 0, payable_cents: 0, last_receipt: { payment_id: after.payments[0]!.id, amount_cents: 50_000 } });
    const receipt = await api(null, 'GET', `/api/public/invoice-payments/${token}/receipts/${after.payments[0]!.id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    // The receipt says how the client paid: online by card (its stored method 'other' read "Method Other").
    const { extractText, getDocumentProxy } = await import('unpdf');
    const receiptText = (await extractText(await getDocumentProxy(new Uint8Array(receipt.rawPayload)), { mergePages: true })).text;
    expect(receiptText).toContain('Online (card)');
    expect(receiptText).not.toContain('Other');
    const online = await onlineOf(invoice.id, bob);
    expect(online.payments).toMatchObject([{ status: 'succeeded', method: 'card', amount_cents: 50_000, invoice_payment_id: after.payments[0]!.id }]);
    const refused = await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, {});
    expect(refused.statusCode).toBe(409);
  });

  it('a double click makes one session (the idempotency key), and the stand-in failing once is retried by the package', async () => {
    const { token } = await sentInvoice();
    stub.failNext(500);
    const [a, b] = await Promise.all([checkout(token), checkout(token)]);
    expect(a).toBe(b);
    const rows = await ctx.db.select().from(onlinePayments).where(eq(onlinePayments.checkoutSessionId, sessionOf(a)));
    expect(rows).toHaveLength(1);
    // Another link to the same invoice (sent again, another expiry) returns there: its own session, not Stripe's 400.
    const again = signLink(ctx.signer, 'invoice', rows[0]!.invoiceId!, 3 * 86_400, new Date()).token;
    const c = await checkout(again);
    expect(c).not.toBe(a);
    expect(stub.sessions.get(sessionOf(c))!.success_url).toContain(again);
  });

  it('partial payments only when the contractor allows them (admins decide); never more than the balance', async () => {
    const { invoice, token } = await sentInvoice();
    const part = await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, { amount_cents: 10_000 });
    expect(part.statusCode).toBe(400);
    expect(part.body).toContain(PAY_PARTIAL_NOT_ALLOWED);
    expect((await api(bob, 'PUT', '/api/payments/settings', { allow_partial_payments: true })).statusCode).toBe(403);
    const set = await api(alice, 'PUT', '/api/payments/settings', { allow_partial_payments: true });
    expect(set.json()).toMatchObject({ enabled: true, allow_partial_payments: true });
    const over = await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, { amount_cents: 60_000 });
    expect(over.statusCode).toBe(400);
    // A first Pay for $200 left open, then one for $100: only the newest can take money (the first is expired at Stripe).
    const older = sessionOf(await checkout(token, { amount_cents: 20_000 }));
    const url = await checkout(token, { amount_cents: 10_000 });
    expect(stub.sessions.get(older)!.status).toBe('expired');
    expect((await ctx.db.select().from(onlinePayments).where(eq(onlinePayments.checkoutSessionId, older)))[0]!.status).toBe('expired');
    await stub.pay(sessionOf(url), 'card');
    expect((await invoiceNow(invoice.id)).totals).toMatchObject({ paid_cents: 10_000, balance_cents: 40_000 });
    expect(await payState(token)).toMatchObject({ available: true, payable_cents: 40_000 });
    await api(alice, 'PUT', '/api/payments/settings', { allow_partial_payments: false });
  });

  it('bank (ACH): processing is not paid and blocks a second Pay; a failure reopens it and records nothing; a later success records once', async () => {
    const { invoice, token } = await sentInvoice();
    const first = sessionOf(await checkout(token));
    await stub.pay(first, 'bank');
    expect((await invoiceNow(invoice.id)).payments).toEqual([]);
    expect(await payState(token)).toMatchObject({ available: false, reason: PAY_PROCESSING, processing_cents: 50_000, payable_cents: 0 });
    expect((await onlineOf(invoice.id)).payments).toMatchObject([{ status: 'processing', method: 'us_bank_account' }]);

    await stub.settleBank(first, 'failed');
    const failed = await invoiceNow(invoice.id);
    expect(failed.payments).toEqual([]);
    expect(failed.status).toBe('sent');
    expect(await payState(token)).toMatchObject({ available: true, payable_cents: 50_000, last_failed: true });
    expect((await onlineOf(invoice.id)).payments).toMatchObject([{ status: 'failed', failure_message: 'The bank payment failed: nothing was paid' }]);
    // The contractor (the workspace's admins) is told in the app, once.
    const told = await ctx.db.select().from(notifications).where(eq(notifications.link, `/jobs/${jobId}?invoice=${invoice.id}`));
    expect(told.map((n) => [n.userId, n.kind, n.title])).toEqual([[alice.id, 'payment_failed', `Bank payment failed: $500.00 for invoice ${invoice.number}`]]);

    // A new Pay after the failure is a new session (a new idempotency key), paid by bank again and settled.
    const second = sessionOf(await checkout(token));
    expect(second).not.toBe(first);
    // This time through the stand-in's page, as a browser walk does: Pay by bank, then the bank's later success.
    expect((await fetch(`${stub.url}/pay/${second}/bank`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await (await fetch(`${stub.url}/pay/${second}`)).text()).toContain('Bank payment processing.');
    expect((await fetch(`${stub.url}/pay/${second}/bank-succeeded`, { method: 'POST' })).status).toBe(200);
    const paid = await invoiceNow(invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.payments).toMatchObject([{ method: 'bank_transfer', amount_cents: 50_000 }]);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature, another secret, a missing header and a stale (replayed) timestamp with 400, changing nothing', async () => {
    const { invoice, token } = await sentInvoice();
    stub.autoDeliver = false;
    try {
      await stub.pay(sessionOf(await checkout(token)), 'card');
      const event = stub.events.at(-1)!;
      const now = Math.floor(Date.now() / 1000);
      expect(await stub.deliver(event, { secret: 'whsec_not_the_one' })).toBe(400);
      expect(await stub.deliver(event, { signature: `t=${now},v1=${'0'.repeat(64)}` })).toBe(400);
      expect(await stub.deliver(event, { timestamp: now - 3600 })).toBe(400);
      const unsigned = await fetch(stub.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
      expect(unsigned.status).toBe(400);
      // The body changed after signing (one space): the signature is over the raw bytes.
      const payload = JSON.stringify(event, null, 2);
      const tampered = await fetch(stub.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stub.signature(payload, now) }, body: `${payload} ` });
      expect(tampered.status).toBe(400);
      expect((await invoiceNow(invoice.id)).payments).toEqual([]);
      expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);

      expect(await stub.deliver(event)).toBe(200);
      expect((await invoiceNow(invoice.id)).payments).toHaveLength(1);
    } finally {
      stub.autoDeliver = true;
    }
  });

  it('the same event delivered again, twice at once, and replayed records the payment once', async () => {
    const { invoice, token } = await sentInvoice();
    await stub.pay(sessionOf(await checkout(token)), 'card');
    const event = stub.events.at(-1)!;
    expect(await Promise.all([stub.deliver(event), stub.deliver(event), stub.deliver(event)])).toEqual([200, 200, 200]);
    expect((await invoiceNow(invoice.id)).payments).toHaveLength(1);
    const rows = await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
  });

  it('a session whose row was never written (the insert after Stripe answered failed) is still recorded from its metadata', async () => {
    const { invoice, token } = await sentInvoice();
    const session = sessionOf(await checkout(token));
    await ctx.db.delete(onlinePayments).where(eq(onlinePayments.checkoutSessionId, session));
    await stub.pay(session, 'card');
    expect((await invoiceNow(invoice.id)).payments).toMatchObject([{ amount_cents: 50_000 }]);
    expect((await onlineOf(invoice.id)).payments).toMatchObject([{ status: 'succeeded', amount_cents: 50_000 }]);
  });

  it('two server instances on one database receiving the same event at once record one payment', async () => {
    // A second process: its own connections on PostgreSQL; on the embedded database the same one (as jobs.test.ts).
    const database: Database = ctx.databaseUrl ? await openPostgres(ctx.databaseUrl, { max: 3 }) : { db: ctx.db, kind: 'pglite', exclusive: false, close: async () => {} };
    const second = await buildApp({ config: ctx.config, database, signer: ctx.signer, blobs: ctx.blobs, logger: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const { invoice, token } = await sentInvoice();
      stub.autoDeliver = false;
      await stub.pay(sessionOf(await checkout(token)), 'card');
      const event = stub.events.at(-1)!;
      const first = stub.webhookUrl!;
      const other = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}/api/payments/stripe/webhook`;
      const send = (url: string) => {
        stub.webhookUrl = url;
        return stub.deliver(event);
      };
      expect(await Promise.all([send(first), send(other), send(first), send(other)])).toEqual([200, 200, 200, 200]);
      stub.webhookUrl = first;
      expect((await invoiceNow(invoice.id)).payments).toHaveLength(1);
    } finally {
      stub.autoDeliver = true;
      await second.close();
      await database.close();
    }
  });

  it('events out of order: the bank success before its "completed", and a late failure after success, end paid once', async () => {
    const { invoice, token } = await sentInvoice();
    stub.autoDeliver = false;
    try {
      const session = sessionOf(await checkout(token));
      await stub.pay(session, 'bank');
      await stub.settleBank(session, 'succeeded');
      const [completed, succeeded] = stub.events.slice(-2);
      expect(succeeded!.type).toBe('checkout.session.async_payment_succeeded');
      expect(await stub.deliver(succeeded!)).toBe(200);
      expect(await stub.deliver(completed!)).toBe(200);
      // A failure event that arrives late (forged order; Stripe would not send both) changes nothing once paid.
      const late = { ...completed!, id: `${completed!.id}_late`, type: 'checkout.session.async_payment_failed' };
      expect(await stub.deliver(late)).toBe(200);
      const after = await invoiceNow(invoice.id);
      expect(after.status).toBe('paid');
      expect(after.payments).toHaveLength(1);
      expect((await onlineOf(invoice.id)).payments).toMatchObject([{ status: 'succeeded', method: 'us_bank_account' }]);
    } finally {
      stub.autoDeliver = true;
    }
  });
});

describe('refunds of online payments', () => {
  it('go to Stripe (admins only) and are recorded once, though Stripe also reports them by webhook', async () => {
    const { invoice, token } = await sentInvoice();
    await stub.pay(sessionOf(await checkout(token)), 'card');
    const [payment] = (await onlineOf(invoice.id)).payments;
    const byMember = await api(bob, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 20_000 });
    expect(byMember.statusCode).toBe(403);
    const byOther = await api(eve, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 20_000 });
    expect(byOther.statusCode).toBe(404);
    const res = await api(alice, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 20_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(OnlinePaymentSchema.parse(res.json()).refunded_cents).toBe(20_000);
    expect([...stub.refunds.values()].map((r) => r.amount)).toEqual([20_000]);
    // Stripe's charge.refunded for the same refund arrives by webhook: nothing more is recorded.
    await expect.poll(() => stub.events.at(-1)?.type).toBe('charge.refunded');
    await expect.poll(() => stub.deliveries.length).toBeGreaterThan(0);
    await expect.poll(async () => (await invoiceNow(invoice.id)).totals.paid_cents).toBe(30_000);
    const after = await invoiceNow(invoice.id);
    expect(after.payments.map((p) => [p.kind, p.amount_cents])).toEqual([
      ['payment', 50_000],
      ['refund', 20_000],
    ]);
    const over = await api(alice, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 30_001 });
    expect(over.statusCode).toBe(400);
  });
});

describe('refunds made in Stripe’s dashboard', () => {
  it('arrive by webhook (charge.refunded) and are recorded on the invoice once', async () => {
    const { invoice, token } = await sentInvoice();
    const session = sessionOf(await checkout(token));
    await stub.pay(session, 'card');
    const intent = stub.sessions.get(session)!.payment_intent!;
    // Made at Stripe, not through Fieldbook: the dashboard calls the same API.
    const res = await fetch(`${stub.url}/v1/refunds`, { method: 'POST', headers: { authorization: `Bearer ${stub.secretKey}`, 'stripe-account': account, 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${intent}&amount=7500` });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await invoiceNow(invoice.id)).totals.paid_cents).toBe(42_500);
    const refundEvent = stub.events.at(-1)!;
    expect(refundEvent.type).toBe('charge.refunded');
    expect(await stub.deliver(refundEvent)).toBe(200);
    const after = await invoiceNow(invoice.id);
    expect(after.payments.map((p) => [p.kind, p.amount_cents])).toEqual([
      ['payment', 50_000],
      ['refund', 7_500],
    ]);
    expect((await onlineOf(invoice.id)).payments).toMatchObject([{ refunded_cents: 7_500 }]);
  });
});

describe('deposits on approval', () => {
  const QUOTE: QuoteBody = {
    title: 'New fence',
    items: [{ name: 'Cedar fence', quantity: 100, unit: 'ft', unit_price_cents: 4_000, taxable: false }],
    deposit: { type: 'percent', percent: 30 },
    expires_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  };

  it('the approved quote’s deposit is paid on its page and later credited to the invoice made from the quote', async () => {
    const quote = QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, QUOTE)).json());
    const sent = SentQuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${quote.id}/send`, { contact_id: maria, methods: ['email'] })).json());
    const token = sent.link.slice(sent.link.lastIndexOf('/') + 1);
    // Not approved yet: nothing to pay.
    expect(PublicDepositSchema.parse((await api(null, 'GET', `/api/public/quote-deposits/${token}`)).json())).toMatchObject({ available: false, deposit_cents: 0, status: 'none' });
    const approved = await api(alice, 'POST', `/api/quotes/${quote.id}/mark-approved`, { option: null, approved_by: 'Maria Garcia', method: 'verbal' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(PublicDepositSchema.parse((await api(null, 'GET', `/api/public/quote-deposits/${token}`)).json())).toMatchObject({ available: true, deposit_cents: 120_000, status: 'unpaid' });
    // The contractor sees it too (any member), before the quote has an invoice; another workspace does not.
    const contractorSees = async (user: TestUser = alice) => QuoteDepositPaymentsSchema.parse((await api(user, 'GET', `/api/quotes/${quote.id}/deposit-payments`)).json());
    expect(await contractorSees()).toEqual({ deposit_cents: 120_000, status: 'unpaid', last_failed: false, payments: [] });
    expect((await api(eve, 'GET', `/api/quotes/${quote.id}/deposit-payments`)).statusCode).toBe(404);

    const res = await api(null, 'POST', `/api/public/quote-deposits/${token}/checkout`);
    expect(res.statusCode, res.body).toBe(200);
    const url = CheckoutSchema.parse(res.json()).url;
    expect(stub.sessions.get(sessionOf(url))!.amount_total).toBe(120_000);
    await stub.pay(sessionOf(url), 'card', { email: 'maria.pays@example.com' });
    // The client's receipt for the deposit, once (the event's transaction), to the email given on Stripe's page.
    const receipts = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'maria.pays@example.com'));
    expect(receipts.map((m) => m.subject)).toEqual([`Receipt: deposit of $1,200.00 on quote ${quote.number}`]);
    expect(await stub.deliver(stub.events.at(-1)!)).toBe(200);
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'maria.pays@example.com'))).toHaveLength(1);
    expect(PublicDepositSchema.parse((await api(null, 'GET', `/api/public/quote-deposits/${token}`)).json())).toMatchObject({ available: false, status: 'paid' });
    expect(await contractorSees(bob)).toMatchObject({ deposit_cents: 120_000, status: 'paid', payments: [{ purpose: 'deposit', quote_id: quote.id, status: 'succeeded', method: 'card', amount_cents: 120_000 }] });
    expect((await api(null, 'POST', `/api/public/quote-deposits/${token}/checkout`)).statusCode).toBe(409);

    const made = await api(alice, 'POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quote.id });
    expect(made.statusCode, made.body).toBe(201);
    const invoiceId = made.json().id as string;
    const online = await onlineOf(invoiceId);
    expect(online.payments).toMatchObject([{ purpose: 'deposit', status: 'succeeded', amount_cents: 120_000 }]);
    const credited = await invoiceNow(invoiceId);
    expect(credited.totals).toMatchObject({ total_cents: 400_000, paid_cents: 120_000, balance_cents: 280_000 });
    expect(credited.payments[0]!.note).toBe(`Deposit paid online on quote ${quote.number}`);
    // Asked again: credited once.
    await onlineOf(invoiceId);
    expect((await invoiceNow(invoiceId)).payments).toHaveLength(1);
  });
});

describe('without Stripe configured', () => {
  it('the contractor is told why, and the client is offered no Pay', async () => {
    const bare = await createTestApp();
    try {
      const owner = await createTestUser(bare);
      const status = await bare.app.inject({ method: 'GET', url: '/api/payments/status', headers: owner.headers });
      expect(status.json()).toEqual({ enabled: false, reason: PAYMENTS_NOT_CONFIGURED, allow_partial_payments: false, stripe_configured: false, connection: null, can_manage: true });
      expect((await bare.app.inject({ method: 'POST', url: '/api/payments/stripe-connect', headers: owner.headers })).statusCode).toBe(409);
      const job = await insertJob(bare.db, { workspaceId: owner.workspaceId! });
      const created = await bare.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/invoices`, headers: owner.headers, payload: BODY });
      await bare.app.inject({ method: 'POST', url: `/api/invoices/${created.json().id}/mark-sent`, headers: owner.headers });
      const token = signLink(bare.signer, 'invoice', created.json().id, 3600, new Date()).token;
      const state = await bare.app.inject({ method: 'GET', url: `/api/public/invoice-payments/${token}` });
      expect(state.json()).toMatchObject({ available: false, balance_cents: 50_000 });
      expect((await bare.app.inject({ method: 'POST', url: `/api/public/invoice-payments/${token}/checkout`, payload: {} })).statusCode).toBe(409);
    } finally {
      await bare.close();
    }
  });

  it('a link that is not genuine is 404; another workspace’s invoice is 404 to its members', async () => {
    const { invoice, token } = await sentInvoice();
    expect((await api(null, 'GET', `/api/public/invoice-payments/${token.slice(0, -2)}xx`)).statusCode).toBe(404);
    const quoteToken = signLink(ctx.signer, 'quote', invoice.id, 3600, new Date()).token;
    expect((await api(null, 'GET', `/api/public/invoice-payments/${quoteToken}`)).statusCode).toBe(404);
    expect((await api(eve, 'GET', `/api/invoices/${invoice.id}/online-payments`)).statusCode).toBe(404);
    expect((await api(null, 'GET', `/api/invoices/${invoice.id}/online-payments`)).statusCode).toBe(401);
  });
});
