import {
  InvoiceSchema,
  JobPaymentSchedulesSchema,
  PaymentScheduleSchema,
  PublicInvoicePaymentSchema,
  QUOTE_HAS_SCHEDULE,
  QuoteSchema,
  SCHEDULE_ADMIN_ONLY,
  SCHEDULE_DEPOSIT_FIRST,
  SCHEDULE_DEPOSIT_PART_FIRST,
  SCHEDULE_FINAL_LAST,
  SCHEDULE_INVOICED_CANNOT_DELETE,
  SCHEDULE_OVER_APPROVED,
  SCHEDULE_PART_HAS_INVOICE,
  SCHEDULE_PART_INVOICED,
  SCHEDULE_QUOTE_INVOICED,
  type PaymentScheduleBody,
  type QuoteBody,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSchedules } from '../../db/schema';
import { signLink } from '../../platform/signed-link';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// Progress invoicing (issue 33): a job's payment schedule for its approved quote. Who: any member views it and makes
// a part's invoice; only a workspace admin makes, changes or removes a schedule; another workspace gets 404.

let ctx: TestContext;
let alice: TestUser; // the workspace's owner (an admin)
let bob: TestUser; // a plain member
let eve: TestUser; // another workspace

const QUOTE: QuoteBody = {
  title: 'New fence',
  items: [{ name: 'Cedar fence', quantity: 100, unit: 'ft', unit_price_cents: 4_000, taxable: false }],
  deposit: { type: 'percent', percent: 30 },
  expires_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

/** An approved quote ($4,000.00, deposit 30 % = $1,200.00) on a new job of alice's workspace. */
async function approvedQuote(body: QuoteBody = QUOTE) {
  const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Fence' });
  const maria = await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' });
  const quote = QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${job.id}/quotes`, body)).json());
  expect((await api(alice, 'POST', `/api/quotes/${quote.id}/send`, { contact_id: maria.id, methods: ['email'] })).statusCode).toBe(200);
  const approved = await api(alice, 'POST', `/api/quotes/${quote.id}/mark-approved`, { option: null, approved_by: 'Maria Garcia', method: 'verbal' });
  expect(approved.statusCode, approved.body).toBe(200);
  return { jobId: job.id, quote: QuoteSchema.parse(approved.json()) };
}

const THREE_PARTS: PaymentScheduleBody = {
  parts: [
    { kind: 'deposit', name: 'Deposit', due_trigger: 'on_approval' },
    { kind: 'percent', name: 'Progress payment', percent: 40, due_trigger: 'on_milestone' },
    { kind: 'final', name: 'Final payment', due_trigger: 'on_completion' },
  ],
};

const list = async (user: TestUser, jobId: string) => {
  const res = await api(user, 'GET', `/api/jobs/${jobId}/payment-schedules`);
  expect(res.statusCode, res.body).toBe(200);
  return JobPaymentSchedulesSchema.parse(res.json());
};
const save = (user: TestUser, quoteId: string, body: PaymentScheduleBody) => api(user, 'PUT', `/api/quotes/${quoteId}/payment-schedule`, body);
const invoicePart = (user: TestUser, partId: string) => api(user, 'POST', `/api/payment-schedule-parts/${partId}/invoice`);
const message = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Oak & Sons' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
});
afterAll(() => ctx.close());

describe('who may see and change a schedule', () => {
  it('a member views the job’s approved quotes and schedules but cannot change them (403, nothing written); another workspace gets 404', async () => {
    const { jobId, quote } = await approvedQuote();
    const seen = await list(bob, jobId);
    expect(seen).toEqual({ schedules: [], quotes: [{ quote_id: quote.id, number: quote.number, title: 'New fence', approved_cents: 400_000, deposit_cents: 120_000, invoiced_by: null }], can_edit: false });
    expect((await list(alice, jobId)).can_edit).toBe(true);

    const refused = await save(bob, quote.id, THREE_PARTS);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(SCHEDULE_ADMIN_ONLY);
    expect(await ctx.db.select().from(paymentSchedules).where(eq(paymentSchedules.quoteId, quote.id))).toEqual([]);

    expect((await api(eve, 'GET', `/api/jobs/${jobId}/payment-schedules`)).statusCode).toBe(404);
    expect((await save(eve, quote.id, THREE_PARTS)).statusCode).toBe(404);
    expect((await api(null, 'GET', `/api/jobs/${jobId}/payment-schedules`)).statusCode).toBe(401);

    const made = PaymentScheduleSchema.parse((await save(alice, quote.id, THREE_PARTS)).json());
    expect((await invoicePart(eve, made.parts[0]!.id)).statusCode).toBe(404);
    expect((await api(eve, 'DELETE', `/api/quotes/${quote.id}/payment-schedule`)).statusCode).toBe(404);
    expect((await api(bob, 'DELETE', `/api/quotes/${quote.id}/payment-schedule`)).statusCode).toBe(403);
    expect((await list(bob, jobId)).schedules).toHaveLength(1);
  });
});

describe('the parts', () => {
  it('add up to the approved amount exactly: the deposit the approval fixed, a percentage rounded down, the final part the rest', async () => {
    const { jobId, quote } = await approvedQuote({ ...QUOTE, items: [{ name: 'Cedar fence', quantity: 1, unit_price_cents: 100_001, taxable: false }] });
    // $1,000.01 approved, deposit 30 % = $300.00 (half-up in the quote's rules); 33.333 % = $333.33 rounded down.
    const res = await save(alice, quote.id, {
      parts: [
        { kind: 'deposit', name: 'Deposit', due_trigger: 'on_approval' },
        { kind: 'percent', name: 'Framing', percent: 33.333, due_trigger: 'on_date', due_on: '2030-01-15' },
        { kind: 'amount', name: 'Gate', amount_cents: 12_345, due_trigger: 'on_milestone' },
        { kind: 'final', name: 'Final payment' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = PaymentScheduleSchema.parse(res.json());
    expect(s.parts.map((p) => p.cents)).toEqual([30_000, 33_333, 12_345, 100_001 - 30_000 - 33_333 - 12_345]);
    expect(s.parts.reduce((a, p) => a + p.cents, 0)).toBe(100_001);
    expect(s).toMatchObject({ approved_cents: 100_001, total_cents: 100_001, over_cents: 0, over_approved: false });
    expect(s.parts[1]).toMatchObject({ name: 'Framing', percent: 33.333, due_trigger: 'on_date', due_on: '2030-01-15' });
    expect((await list(bob, jobId)).schedules).toEqual([s]);
  });

  it('refuses, changing nothing: the quote’s deposit not first, a final part not last, and a total over the approved amount — unless the contractor confirms it, which then shows', async () => {
    const { quote } = await approvedQuote();
    const noDeposit = await save(alice, quote.id, { parts: [{ kind: 'percent', name: 'Half', percent: 50 }, { kind: 'final', name: 'Rest' }] });
    expect(noDeposit.statusCode).toBe(400);
    expect(message(noDeposit)).toBe(SCHEDULE_DEPOSIT_FIRST(120_000));
    const finalFirst = await save(alice, quote.id, { parts: [{ kind: 'final', name: 'Rest' }, { kind: 'percent', name: 'Half', percent: 50 }] });
    expect(finalFirst.statusCode).toBe(400);
    expect(finalFirst.body).toContain(SCHEDULE_FINAL_LAST);

    const over: PaymentScheduleBody = {
      parts: [
        { kind: 'deposit', name: 'Deposit' },
        { kind: 'percent', name: 'Framing', percent: 50 },
        { kind: 'amount', name: 'Change order', amount_cents: 120_000 },
        { kind: 'final', name: 'Final payment' },
      ],
    };
    const refused = await save(alice, quote.id, over);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(SCHEDULE_OVER_APPROVED(440_000, 400_000));
    expect(message(refused)).toBe('The schedule totals $4,400.00, more than the approved $4,000.00');
    expect(await ctx.db.select().from(paymentSchedules).where(eq(paymentSchedules.quoteId, quote.id))).toEqual([]);

    const confirmed = PaymentScheduleSchema.parse((await save(alice, quote.id, { ...over, over_approved: true })).json());
    expect(confirmed).toMatchObject({ over_approved: true, over_cents: 40_000, total_cents: 440_000, approved_cents: 400_000 });
    expect(confirmed.parts.map((p) => p.cents)).toEqual([120_000, 200_000, 120_000, 0]);
    // Back within the approved amount, the flag is dropped: there is nothing over to confirm.
    const back = PaymentScheduleSchema.parse((await save(alice, quote.id, { ...THREE_PARTS, over_approved: true })).json());
    expect(back).toMatchObject({ over_approved: false, over_cents: 0, total_cents: 400_000 });
  });
});

describe('each part becomes an invoice with one click', () => {
  it('deposit first; then any member invoices a part once: one line naming the part, its amount, due as the part says; the client pays that part', async () => {
    const { jobId, quote } = await approvedQuote();
    const s = PaymentScheduleSchema.parse((await save(alice, quote.id, THREE_PARTS)).json());
    const [deposit, progress, final] = s.parts;

    const early = await invoicePart(bob, progress!.id);
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(SCHEDULE_DEPOSIT_PART_FIRST);

    const first = await invoicePart(bob, deposit!.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(InvoiceSchema.parse(first.json())).toMatchObject({
      status: 'draft',
      quote_id: quote.id,
      title: 'New fence — Deposit',
      payment_terms: 'due_on_receipt',
      items: [{ name: `Deposit (1 of 3) — the deposit due on approval of ${quote.number}`, quantity: 1, unit_price_cents: 120_000, taxable: false }],
      totals: { total_cents: 120_000, balance_cents: 120_000 },
    });

    const second = await invoicePart(bob, progress!.id);
    expect(second.statusCode, second.body).toBe(201);
    const inv = InvoiceSchema.parse(second.json());
    expect(inv.items.map((i) => i.name)).toEqual([`Progress payment (2 of 3) — 40% of ${quote.number}`]);
    expect(inv.totals.total_cents).toBe(160_000);
    const again = await invoicePart(alice, progress!.id);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(SCHEDULE_PART_HAS_INVOICE(inv.number));

    // The schedule shows each part's invoice; the whole quote can no longer be invoiced in one.
    const shown = (await list(bob, jobId)).schedules[0]!;
    expect(shown.parts.map((p) => p.invoice?.number ?? null)).toEqual([InvoiceSchema.parse(first.json()).number, inv.number, null]);
    const whole = await api(alice, 'POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quote.id });
    expect(whole.statusCode).toBe(409);
    expect(message(whole)).toBe(QUOTE_HAS_SCHEDULE);

    // The client's page offers to pay this invoice's balance: the scheduled part, not the quote.
    expect((await api(alice, 'POST', `/api/invoices/${inv.id}/mark-sent`)).statusCode).toBe(200);
    const token = signLink(ctx.signer, 'invoice', inv.id, 3600, new Date()).token;
    const pay = PublicInvoicePaymentSchema.parse((await api(null, 'GET', `/api/public/invoice-payments/${token}`)).json());
    expect(pay).toMatchObject({ balance_cents: 160_000, payable_cents: 160_000 });

    // An invoiced part keeps its amount: a change that moves it is refused, nothing changed; a new name is fine.
    const moved = await save(alice, quote.id, { parts: THREE_PARTS.parts.map((p, i) => ({ ...p, id: s.parts[i]!.id, ...(p.kind === 'percent' ? { percent: 50 } : {}) })) });
    expect(moved.statusCode).toBe(409);
    expect(message(moved)).toBe(SCHEDULE_PART_INVOICED('Progress payment', inv.number));
    const dropped = await save(alice, quote.id, { parts: [THREE_PARTS.parts[0]!, THREE_PARTS.parts[2]!].map((p, i) => ({ ...p, id: [deposit, final][i]!.id })) });
    expect(dropped.statusCode).toBe(409);
    const renamed = await save(alice, quote.id, { parts: THREE_PARTS.parts.map((p, i) => ({ ...p, id: s.parts[i]!.id, name: i === 2 ? 'Completion' : p.name })) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(PaymentScheduleSchema.parse(renamed.json()).parts.map((p) => [p.name, p.cents, p.invoice?.id ?? null])).toEqual([
      ['Deposit', 120_000, InvoiceSchema.parse(first.json()).id],
      ['Progress payment', 160_000, inv.id],
      ['Completion', 120_000, null],
    ]);
    const removed = await api(alice, 'DELETE', `/api/quotes/${quote.id}/payment-schedule`);
    expect(removed.statusCode).toBe(409);
    expect(message(removed)).toBe(SCHEDULE_INVOICED_CANNOT_DELETE);

    const last = InvoiceSchema.parse((await invoicePart(bob, final!.id)).json());
    expect(last.items[0]!.name).toBe(`Completion (3 of 3) — the remainder of ${quote.number}`);
    expect(InvoiceSchema.parse(first.json()).totals.total_cents + inv.totals.total_cents + last.totals.total_cents).toBe(400_000);
  });

  it('a part due on a date ahead is invoiced with that due date; a voided part’s invoice frees the part', async () => {
    const { quote } = await approvedQuote({ ...QUOTE, deposit: null });
    const s = PaymentScheduleSchema.parse(
      (await save(alice, quote.id, { parts: [{ kind: 'amount', name: 'Materials', amount_cents: 50_000, due_trigger: 'on_date', due_on: '2031-06-01' }, { kind: 'final', name: 'Balance' }] })).json(),
    );
    const inv = InvoiceSchema.parse((await invoicePart(alice, s.parts[0]!.id)).json());
    expect(inv).toMatchObject({ payment_terms: 'custom', due_on: '2031-06-01', totals: { total_cents: 50_000 } });
    expect((await api(alice, 'POST', `/api/invoices/${inv.id}/mark-sent`)).statusCode).toBe(200);
    expect((await api(alice, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Wrong date', reissue: false })).statusCode).toBe(200);
    const again = await invoicePart(alice, s.parts[0]!.id);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a quote already invoiced in full gets no schedule', async () => {
    const { jobId, quote } = await approvedQuote();
    const whole = InvoiceSchema.parse((await api(alice, 'POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quote.id })).json());
    const refused = await save(alice, quote.id, THREE_PARTS);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(SCHEDULE_QUOTE_INVOICED(whole.number));
    expect((await list(alice, jobId)).quotes).toMatchObject([{ quote_id: quote.id, invoiced_by: whole.number }]);
  });
});
