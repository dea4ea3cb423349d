import { CheckoutSchema, InvoiceSchema, PaymentScheduleSchema, QuoteSchema, SentQuoteSchema, type QuoteBody } from '@fieldbook/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, onlinePayments } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import type { StripeStub } from '../../test/stripe-stub';
import { startAppWithStripe } from '../../test/stripe-app';

// A deposit paid online on a quote is recorded as a payment credited to the FIRST invoice made from the quote, once,
// whatever the order (issue 33): written where the invoice is made or where the webhook records the deposit — never
// by a read (the online-payments panel's load used to write it).

let ctx: TestContext;
let stub: StripeStub;
let alice: TestUser;

const QUOTE: QuoteBody = {
  title: 'New fence',
  items: [{ name: 'Cedar fence', quantity: 100, unit: 'ft', unit_price_cents: 4_000, taxable: false }],
  deposit: { type: 'percent', percent: 30 },
  expires_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
};

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => ctx.app.inject({ method, url, headers: alice.headers, ...(payload === undefined ? {} : { payload }) });

/** An approved quote with a $1,200.00 deposit, and Stripe's page for that deposit (not paid yet). */
async function approvedWithDepositCheckout() {
  const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Fence' });
  const maria = await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' });
  const quote = QuoteSchema.parse((await api('POST', `/api/jobs/${job.id}/quotes`, QUOTE)).json());
  const sent = SentQuoteSchema.parse((await api('POST', `/api/quotes/${quote.id}/send`, { contact_id: maria.id, methods: ['email'] })).json());
  expect((await api('POST', `/api/quotes/${quote.id}/mark-approved`, { option: null, approved_by: 'Maria Garcia', method: 'verbal' })).statusCode).toBe(200);
  const token = sent.link.slice(sent.link.lastIndexOf('/') + 1);
  const res = await ctx.app.inject({ method: 'POST', url: `/api/public/quote-deposits/${token}/checkout` });
  expect(res.statusCode, res.body).toBe(200);
  const url = CheckoutSchema.parse(res.json()).url;
  return { jobId: job.id, quote, session: url.slice(url.lastIndexOf('/') + 1) };
}

const fromQuote = async (jobId: string, quoteId: string) => {
  const res = await api('POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quoteId });
  expect(res.statusCode, res.body).toBe(201);
  return InvoiceSchema.parse(res.json());
};
const invoiceNow = async (id: string) => InvoiceSchema.parse((await api('GET', `/api/invoices/${id}`)).json());
const depositRows = (quoteId: string) => ctx.db.select().from(onlinePayments).where(and(eq(onlinePayments.quoteId, quoteId), eq(onlinePayments.purpose, 'deposit')));

beforeAll(async () => {
  ({ ctx, stub } = await startAppWithStripe());
  alice = await createTestUser(ctx, { workspaceName: 'Oak & Sons' });
  // Connect in Settings › Payments → the stand-in's onboarding → Complete (account.updated reaches the webhook).
  const res = await api('POST', '/api/payments/stripe-connect');
  expect(res.statusCode, res.body).toBe(200);
  expect((await fetch(`${(res.json() as { url: string }).url}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
});
afterAll(async () => {
  await ctx?.close();
  await stub?.close();
});

describe('the deposit credited to the quote’s first invoice', () => {
  it('paid before the invoice: the invoice is made with the credit (its own answer shows it, no read needed); a second invoice gets none', async () => {
    const { jobId, quote, session } = await approvedWithDepositCheckout();
    await stub.pay(session, 'card');
    expect((await depositRows(quote.id))[0]).toMatchObject({ status: 'succeeded', invoicePaymentId: null });
    const first = await fromQuote(jobId, quote.id);
    expect(first.totals).toMatchObject({ total_cents: 400_000, paid_cents: 120_000, balance_cents: 280_000 });
    expect(first.payments).toMatchObject([{ kind: 'payment', amount_cents: 120_000, note: `Deposit paid online on quote ${quote.number}` }]);
    expect((await depositRows(quote.id))[0]).toMatchObject({ invoiceId: first.id, invoicePaymentId: first.payments[0]!.id });
    // Reading the invoice's online payments writes nothing.
    expect((await api('GET', `/api/invoices/${first.id}/online-payments`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, first.id))).toHaveLength(1);
    const second = await fromQuote(jobId, quote.id);
    expect(second.totals.paid_cents).toBe(0);
  });

  it('paid after the invoice exists: the webhook credits it to that invoice, once however often the event comes', async () => {
    const { jobId, quote, session } = await approvedWithDepositCheckout();
    const first = await fromQuote(jobId, quote.id);
    expect(first.totals.paid_cents).toBe(0);
    await stub.pay(session, 'card');
    const event = stub.events.at(-1)!;
    expect(await Promise.all([stub.deliver(event), stub.deliver(event)])).toEqual([200, 200]);
    const now = await invoiceNow(first.id);
    expect(now.payments).toMatchObject([{ amount_cents: 120_000, note: `Deposit paid online on quote ${quote.number}` }]);
    expect((await depositRows(quote.id))[0]).toMatchObject({ invoiceId: first.id, invoicePaymentId: now.payments[0]!.id });
  });

  it('paid while the invoice is being made, at the same moment: credited exactly once', async () => {
    for (let round = 0; round < 8; round++) {
      const { jobId, quote, session } = await approvedWithDepositCheckout();
      // The payment's event and the invoice's request reach the server together.
      stub.autoDeliver = false;
      await stub.pay(session, 'card');
      stub.autoDeliver = true;
      const event = stub.events.at(-1)!;
      const [status, made] = await Promise.all([stub.deliver(event), fromQuote(jobId, quote.id)]);
      expect(status).toBe(200);
      const rows = await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, made.id));
      expect(rows.map((r) => r.amountCents)).toEqual([120_000]);
      expect((await depositRows(quote.id))[0]).toMatchObject({ status: 'succeeded', invoiceId: made.id, invoicePaymentId: rows[0]!.id });
    }
  });

  it('a discarded draft takes its credit with it and the next invoice gets the deposit', async () => {
    const { jobId, quote, session } = await approvedWithDepositCheckout();
    await stub.pay(session, 'card');
    const draft = await fromQuote(jobId, quote.id);
    expect(draft.totals.paid_cents).toBe(120_000);
    expect((await api('DELETE', `/api/invoices/${draft.id}`)).statusCode).toBe(200);
    expect((await depositRows(quote.id))[0]).toMatchObject({ invoicePaymentId: null });
    const next = await fromQuote(jobId, quote.id);
    expect(next.totals.paid_cents).toBe(120_000);
  });

  it('with a payment schedule, the deposit part’s invoice (the first) carries the deposit paid as a credit: nothing left to pay on it', async () => {
    const { jobId, quote, session } = await approvedWithDepositCheckout();
    await stub.pay(session, 'card');
    const schedule = PaymentScheduleSchema.parse(
      (
        await api('PUT', `/api/quotes/${quote.id}/payment-schedule`, {
          parts: [
            { kind: 'deposit', name: 'Deposit' },
            { kind: 'percent', name: 'Progress payment', percent: 40 },
            { kind: 'final', name: 'Final payment' },
          ],
        })
      ).json(),
    );
    const res = await api('POST', `/api/payment-schedule-parts/${schedule.parts[0]!.id}/invoice`);
    expect(res.statusCode, res.body).toBe(201);
    expect(InvoiceSchema.parse(res.json()).totals).toMatchObject({ total_cents: 120_000, paid_cents: 120_000, balance_cents: 0 });
    const progress = InvoiceSchema.parse((await api('POST', `/api/payment-schedule-parts/${schedule.parts[1]!.id}/invoice`)).json());
    expect(progress.totals).toMatchObject({ total_cents: 160_000, paid_cents: 0 });
    expect((await api('GET', `/api/jobs/${jobId}/payment-schedules`)).json().schedules[0].parts[0].invoice).toMatchObject({ balance_cents: 0 });
  });
});
