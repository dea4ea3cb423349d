import {
  CheckoutSchema,
  InvoiceOnlinePaymentsSchema,
  InvoiceSchema,
  paymentByline,
  PublicInvoicePaymentSchema,
  REFUND_OVER_MANUAL,
  type Invoice,
  type InvoiceBody,
} from '@fieldbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, invoices, notifications, outboxMessages } from '../../db/schema';
import { smtpSender } from '../../platform/mail';
import { startOutboxWorker } from '../../platform/outbox';
import { startInvoiceReminderWorker } from '../invoices';
import { signLink } from '../../platform/signed-link';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { startSmtp } from '../../test/smtp-server';
import type { StripeStub } from '../../test/stripe-stub';
import { connectStripeAccount, startAppWithStripe } from '../../test/stripe-app';

// Issue 33's online payments, the faults found in review: who recorded an online payment, the invoice's Refund on
// money paid online, payments beyond the balance (or on a void invoice), reminders after a Stripe refund, the per-link
// limit of the payment links, and the client's receipt email. Real HTTP both ways with the Stripe stand-in.

let ctx: TestContext;
let stub: StripeStub;
let alice: TestUser; // the workspace's owner (an admin)
let jobId: string;
let maria: string;
let account: string;

const BODY: InvoiceBody = { title: 'Deck repair', items: [{ name: 'Boards', quantity: 10, unit: 'ea', unit_price_cents: 5_000, taxable: false }], payment_terms: 'net_15' };
const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

/** A sent invoice and its client link; `byEmail`: sent to Maria by email (so its reminders and receipts have an address). */
async function sentInvoice(o: { byEmail?: boolean } = {}): Promise<{ invoice: Invoice; token: string }> {
  const created = await api(alice, 'POST', `/api/jobs/${jobId}/invoices`, BODY);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sent = o.byEmail ? await api(alice, 'POST', `/api/invoices/${id}/send`, { contact_id: maria, methods: ['email'] }) : await api(alice, 'POST', `/api/invoices/${id}/mark-sent`);
  expect(sent.statusCode, sent.body).toBe(200);
  if (o.byEmail) await ctx.db.delete(outboxMessages); // the invoice's own email: not what these tests look at
  return { invoice: await invoiceNow(id), token: signLink(ctx.signer, 'invoice', id, 7 * 86_400, new Date()).token };
}
const invoiceNow = async (id: string) => InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${id}`)).json());
const onlineOf = async (id: string) => InvoiceOnlinePaymentsSchema.parse((await api(alice, 'GET', `/api/invoices/${id}/online-payments`)).json());
const checkout = async (token: string) => {
  const res = await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, {});
  expect(res.statusCode, res.body).toBe(200);
  const url = CheckoutSchema.parse(res.json()).url;
  return url.slice(url.lastIndexOf('/') + 1);
};

beforeAll(async () => {
  ({ ctx, stub } = await startAppWithStripe());
  alice = await createTestUser(ctx, { workspaceName: 'Oak & Sons' });
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Deck repair' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  account = await connectStripeAccount(ctx, stub, alice);
});
afterAll(async () => {
  await ctx?.close();
  await stub?.close();
});

describe('an online payment on the invoice', () => {
  it('is shown as paid online by the client (card or bank), never as recorded by a former member', async () => {
    const card = await sentInvoice();
    await stub.pay(await checkout(card.token), 'card');
    const [byCard] = (await invoiceNow(card.invoice.id)).payments;
    expect(byCard).toMatchObject({ online_method: 'card', recorded_by: { id: null } });
    expect(paymentByline(byCard!)).toBe('Paid online (card)');

    const bank = await sentInvoice();
    const session = await checkout(bank.token);
    await stub.pay(session, 'bank');
    await stub.settleBank(session, 'succeeded');
    const [byBank] = (await invoiceNow(bank.invoice.id)).payments;
    expect(byBank).toMatchObject({ online_method: 'us_bank_account', method: 'bank_transfer' });
    expect(paymentByline(byBank!)).toBe('Paid online (bank)');

    // Refunded through Stripe: the refund row is online too.
    const [online] = (await onlineOf(card.invoice.id)).payments;
    expect((await api(alice, 'POST', `/api/online-payments/${online!.id}/refund`, { amount_cents: 1_000 })).statusCode).toBe(200);
    const refund = (await invoiceNow(card.invoice.id)).payments.find((p) => p.kind === 'refund')!;
    expect(paymentByline(refund)).toBe('Refunded online (card)');

    // A payment recorded by hand keeps its member.
    const manual = await sentInvoice();
    expect((await api(alice, 'POST', `/api/invoices/${manual.invoice.id}/payments`, { kind: 'payment', method: 'cash', amount_cents: 5_000, received_on: '2026-03-09' })).statusCode).toBe(201);
    const [cash] = (await invoiceNow(manual.invoice.id)).payments;
    expect(cash).toMatchObject({ online_method: null, recorded_by: { id: alice.id } });
    expect(paymentByline(cash!)).toMatch(/^Recorded by /);
  });

  it('rows recorded before online_method existed are named online by migration 0048 (and only those)', async () => {
    const card = await sentInvoice();
    await stub.pay(await checkout(card.token), 'card');
    const [online] = (await onlineOf(card.invoice.id)).payments;
    expect((await api(alice, 'POST', `/api/online-payments/${online!.id}/refund`, { amount_cents: 500 })).statusCode).toBe(200);
    const manual = await sentInvoice();
    expect((await api(alice, 'POST', `/api/invoices/${manual.invoice.id}/payments`, { kind: 'payment', method: 'cash', amount_cents: 5_000, received_on: '2026-03-09' })).statusCode).toBe(201);
    // As they were before 0045: no online_method (and a member who left: recorded_by null on the cash row too).
    const ids = [card.invoice.id, manual.invoice.id];
    await ctx.db.update(invoicePayments).set({ onlineMethod: null, recordedBy: null }).where(inArray(invoicePayments.invoiceId, ids));
    const migration = readFileSync(new URL('../../db/migrations/0048_online_payment_rows.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));
    const rows = await ctx.db.select({ invoiceId: invoicePayments.invoiceId, kind: invoicePayments.kind, online: invoicePayments.onlineMethod }).from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)).orderBy(invoicePayments.createdAt);
    expect(rows.filter((r) => r.invoiceId === card.invoice.id).map((r) => [r.kind, r.online])).toEqual([
      ['payment', 'card'],
      ['refund', 'card'],
    ]);
    expect(rows.filter((r) => r.invoiceId === manual.invoice.id).map((r) => r.online)).toEqual([null]);
  });

  it('is refunded through Stripe only: the invoice’s refund by hand is refused beyond the money recorded by hand, changing nothing', async () => {
    const { invoice, token } = await sentInvoice();
    const stripeRefunds = stub.refunds.size;
    expect((await api(alice, 'POST', `/api/invoices/${invoice.id}/payments`, { kind: 'payment', method: 'cash', amount_cents: 10_000, received_on: '2026-03-09' })).statusCode).toBe(201);
    await stub.pay(await checkout(token), 'card'); // the $400 left, online
    const refused = await api(alice, 'POST', `/api/invoices/${invoice.id}/payments`, { kind: 'refund', method: 'cash', amount_cents: 10_001, received_on: '2026-03-09' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(REFUND_OVER_MANUAL('$100.00').slice(0, 40));
    expect((await invoiceNow(invoice.id)).payments).toHaveLength(2);
    expect(stub.refunds.size).toBe(stripeRefunds);
    // The cash can be given back by hand; then nothing more can be.
    expect((await api(alice, 'POST', `/api/invoices/${invoice.id}/payments`, { kind: 'refund', method: 'cash', amount_cents: 10_000, received_on: '2026-03-09' })).statusCode).toBe(201);
    const none = await api(alice, 'POST', `/api/invoices/${invoice.id}/payments`, { kind: 'refund', method: 'cash', amount_cents: 1, received_on: '2026-03-09' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(REFUND_OVER_MANUAL('$0.00'));
    expect((await invoiceNow(invoice.id)).totals).toMatchObject({ paid_cents: 40_000, balance_cents: 10_000 });
  });
});

describe('money beyond what the invoice asks', () => {
  it('paid online over the balance: recorded as received, the balance stays at zero, the excess is a credit the contractor is told about and can refund through Stripe', async () => {
    const { invoice, token } = await sentInvoice();
    const session = await checkout(token); // the client opens Pay for $500 …
    expect((await api(alice, 'POST', `/api/invoices/${invoice.id}/payments`, { kind: 'payment', method: 'check', check_number: '7', amount_cents: 20_000, received_on: '2026-03-09' })).statusCode).toBe(201);
    await stub.pay(session, 'card'); // … and pays it after a $200 check was recorded.
    const after = await invoiceNow(invoice.id);
    expect(after.totals).toMatchObject({ total_cents: 50_000, paid_cents: 70_000, balance_cents: 0 });
    expect(after.status).toBe('paid');
    const online = await onlineOf(invoice.id);
    expect(online.credit_cents).toBe(20_000);
    const told = await ctx.db.select().from(notifications).where(and(eq(notifications.kind, 'payment_overpaid'), eq(notifications.link, `/jobs/${jobId}?invoice=${invoice.id}`)));
    expect(told.map((n) => [n.userId, n.title])).toEqual([[alice.id, `Invoice ${invoice.number}: Overpaid — credit $200.00`]]);
    const pay = await ctx.app.inject({ method: 'GET', url: `/api/public/invoice-payments/${token}` });
    expect(PublicInvoicePaymentSchema.parse(pay.json())).toMatchObject({ available: false, balance_cents: 0 });

    // The admin refunds the credit through Stripe: paid back to the total, nothing owed either way.
    const res = await api(alice, 'POST', `/api/online-payments/${online.payments[0]!.id}/refund`, { amount_cents: 20_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect([...stub.refunds.values()].at(-1)).toMatchObject({ amount: 20_000, _account: account });
    const settled = await invoiceNow(invoice.id);
    expect(settled.totals).toMatchObject({ paid_cents: 50_000, balance_cents: 0 });
    expect((await onlineOf(invoice.id)).credit_cents).toBe(0);
  });

  it('paid online on an invoice voided meanwhile (a tab opened before): all of it is a credit, the balance is zero', async () => {
    const { invoice, token } = await sentInvoice();
    const session = await checkout(token);
    expect((await api(alice, 'POST', `/api/invoices/${invoice.id}/void`, { reason: 'Wrong boards', reissue: false })).statusCode).toBe(200);
    await stub.pay(session, 'card');
    const after = await invoiceNow(invoice.id);
    expect(after.status).toBe('void');
    expect(after.totals).toMatchObject({ paid_cents: 50_000, balance_cents: 0 });
    expect((await onlineOf(invoice.id)).credit_cents).toBe(50_000);
    const [told] = await ctx.db.select().from(notifications).where(and(eq(notifications.kind, 'payment_overpaid'), eq(notifications.link, `/jobs/${jobId}?invoice=${invoice.id}`)));
    expect(told!.title).toBe(`Invoice ${invoice.number}: Overpaid — credit $500.00`);
    expect(told!.body).toContain('after it was voided');
  });
});

describe('refunds through Stripe and the overdue reminders', () => {
  const reminderOf = async (id: string) => (await ctx.db.select({ status: invoices.reminderStatus, dueAt: invoices.reminderDueAt }).from(invoices).where(eq(invoices.id, id)))[0]!;

  it('a refund made in Fieldbook or in Stripe’s dashboard wakes the reminders of an invoice that owes again', async () => {
    const { invoice, token } = await sentInvoice({ byEmail: true });
    const session = await checkout(token);
    await stub.pay(session, 'card');
    // Paid: the reminder job found nothing to do and put the row to sleep.
    await ctx.db.update(invoices).set({ reminderStatus: 'none', reminderDueAt: null }).where(eq(invoices.id, invoice.id));
    const [online] = (await onlineOf(invoice.id)).payments;
    const before = Date.now();
    expect((await api(alice, 'POST', `/api/online-payments/${online!.id}/refund`, { amount_cents: 5_000 })).statusCode).toBe(200);
    const woken = await reminderOf(invoice.id);
    expect(woken.status).toBe('scheduled');
    expect(woken.dueAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Asleep again, then a refund made in Stripe's dashboard arrives by webhook: it wakes them too.
    await ctx.db.update(invoices).set({ reminderStatus: 'none', reminderDueAt: null }).where(eq(invoices.id, invoice.id));
    const intent = stub.sessions.get(session)!.payment_intent!;
    const res = await fetch(`${stub.url}/v1/refunds`, { method: 'POST', headers: { authorization: `Bearer ${stub.secretKey}`, 'stripe-account': account, 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${intent}&amount=2500` });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await reminderOf(invoice.id)).status).toBe('scheduled');
    expect((await invoiceNow(invoice.id)).totals).toMatchObject({ paid_cents: 42_500, balance_cents: 7_500 });

    // The job then does its work: weeks past the due day, in the client's daytime, the first reminder goes for the
    // $75.00 owed again.
    expect((await api(alice, 'PUT', '/api/invoice-reminder-settings', { enabled: true, first_after_days: 3, second_after_days: 10 })).statusCode).toBe(200);
    await ctx.db.delete(outboxMessages);
    const dueOn = (await invoiceNow(invoice.id)).due_on!;
    const later = new Date(`${dueOn}T15:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 20);
    await ctx.db.update(invoices).set({ reminderDueAt: new Date('2020-01-01T00:00:00Z') }).where(eq(invoices.id, invoice.id)); // due by the database's clock
    await startInvoiceReminderWorker({ db: ctx.db, signer: ctx.signer, publicUrl: 'http://localhost:3000', now: () => later }).drain();
    const reminder = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'maria@example.com'));
    expect(reminder.map((m) => m.subject)).toEqual([`Reminder: invoice ${invoice.number} from Oak & Sons is overdue`]);
    expect(reminder[0]!.body).toContain('Balance due: $75.00');
    await ctx.db.delete(outboxMessages);
  });
});

describe('the receipt email', () => {
  it('card: one receipt to the payer, even when Stripe delivers the event again; it links the receipt PDF; delivered over SMTP', async () => {
    const { invoice, token } = await sentInvoice({ byEmail: true });
    stub.autoDeliver = false;
    try {
      await stub.pay(await checkout(token), 'card', { email: 'payer@example.com' });
      const event = stub.events.at(-1)!;
      expect(await Promise.all([stub.deliver(event), stub.deliver(event)])).toEqual([200, 200]);
      expect(await stub.deliver(event)).toBe(200);
    } finally {
      stub.autoDeliver = true;
    }
    const mails = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'payer@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Receipt: $500.00 paid on invoice ${invoice.number} from Oak & Sons`);
    const link = /Your receipt \(PDF\): (\S+)/.exec(mails[0]!.body)![1]!;
    const [payment] = (await invoiceNow(invoice.id)).payments;
    expect(link).toMatch(new RegExp(`^http://localhost:3000/api/public/invoice-payments/[^/]+/receipts/${payment!.id}$`));
    const pdf = await ctx.app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another invoice's payment is not found by this link.
    expect((await ctx.app.inject({ method: 'GET', url: link.replace(/receipts\/.+$/, `receipts/${invoice.id}`) })).statusCode).toBe(404);

    const smtp = await startSmtp();
    try {
      const worker = startOutboxWorker({ db: ctx.db, senders: { email: smtpSender(smtp.url, 'Fieldbook <no-reply@fieldbook.local>', ctx.blobs) } });
      await worker.drain();
      worker.stop();
      const received = smtp.received.filter((m) => m.to.includes('payer@example.com'));
      expect(received).toHaveLength(1);
      expect(received[0]!.raw).toContain(`Receipt: $500.00 paid on invoice ${invoice.number}`);
    } finally {
      await smtp.close();
      await ctx.db.delete(outboxMessages);
    }
  });

  it('bank: no receipt while processing; one when the late success arrives (to the invoice’s address when Stripe has none)', async () => {
    const { invoice, token } = await sentInvoice({ byEmail: true });
    const session = await checkout(token);
    await stub.pay(session, 'bank');
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'maria@example.com'))).toEqual([]);
    await stub.settleBank(session, 'succeeded');
    await stub.deliver(stub.events.at(-1)!); // redelivered: still one
    const mails = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'maria@example.com'));
    expect(mails.map((m) => m.subject)).toEqual([`Receipt: $500.00 paid on invoice ${invoice.number} from Oak & Sons`]);
    expect(mails[0]!.body).toContain('paid online by bank (ACH)');
    await ctx.db.delete(outboxMessages);
  });
});

describe('the payment links’ limits', () => {
  it('are counted per invoice as well as per address: other addresses cannot go on past the invoice’s limit; another invoice is not affected', async () => {
    const limited = await createTestApp({ ...stub.env, QUOTE_LINK_RATE_LIMIT: '3' });
    try {
      const owner = await createTestUser(limited);
      const job = await insertJob(limited.db, { workspaceId: owner.workspaceId! });
      const invoiceOf = async () => {
        const made = await limited.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/invoices`, headers: owner.headers, payload: BODY });
        await limited.app.inject({ method: 'POST', url: `/api/invoices/${made.json().id}/mark-sent`, headers: owner.headers });
        return signLink(limited.signer, 'invoice', made.json().id, 3600, new Date()).token;
      };
      const [one, two] = [await invoiceOf(), await invoiceOf()];
      const get = (token: string, ip: string) => limited.app.inject({ method: 'GET', url: `/api/public/invoice-payments/${token}`, remoteAddress: ip });
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await get(one, ip)).statusCode).toBe(200);
      const refused = await get(one, '203.0.113.4');
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain('Too many requests for this invoice link');
      const pay = await limited.app.inject({ method: 'POST', url: `/api/public/invoice-payments/${one}/checkout`, remoteAddress: '203.0.113.5', payload: {} });
      expect(pay.statusCode).toBe(429);
      expect((await get(two, '203.0.113.4')).statusCode).toBe(200);
      // A forged link spends nothing of an invoice's allowance.
      expect((await get(`${two.slice(0, -2)}xx`, '203.0.113.6')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
