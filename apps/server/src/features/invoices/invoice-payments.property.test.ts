import { invoiceCreditCents, InvoiceSchema, manualPaidCents } from '@fieldbook/contract';
import { PaymentScheduleSchema, PERCENT_SCALE, QuoteSchema, SCHEDULE_OVER_APPROVED, splitSchedule, type SchedulePartTerms } from '@fieldbook/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContact, insertJob } from '../../test/factories';
import { recordOnlinePayment } from './online-payment';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// Issue 33's money property: whatever payments and refunds are asked for, in any order, the balance never goes
// below zero or above the invoice's total, every refusal changes nothing, and the balance always equals the total
// less the payments kept plus the refunds kept (derived from the rows, never stored).

let ctx: TestContext;
let admin: TestUser;
let jobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: admin.workspaceId!, title: 'Fence' })).id;
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

describe('payments and refunds (property)', () => {
  it('keep 0 ≤ balance ≤ total, and the balance is the total less what was kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.record({ kind: fc.constantFrom('payment' as const, 'refund' as const), cents: fc.integer({ min: 1, max: 600_000 }) }), { minLength: 1, maxLength: 6 }),
        async (price, ops) => {
          const made = await api('POST', `/api/jobs/${jobId}/invoices`, { title: 'Fence', items: [{ name: 'Cedar fence', quantity: 1, unit_price_cents: price }] });
          const id = InvoiceSchema.parse(made.json()).id;
          expect((await api('POST', `/api/invoices/${id}/mark-sent`)).statusCode).toBe(200);
          let paid = 0;
          for (const op of ops) {
            const res = await api('POST', `/api/invoices/${id}/payments`, { kind: op.kind, method: 'cash', amount_cents: op.cents, received_on: '2026-03-09' });
            const allowed = op.kind === 'payment' ? op.cents <= price - paid : op.cents <= paid;
            expect(res.statusCode, res.body).toBe(allowed ? 201 : 400);
            if (allowed) paid += op.kind === 'payment' ? op.cents : -op.cents;
            const now = InvoiceSchema.parse((await api('GET', `/api/invoices/${id}`)).json());
            expect(now.totals).toMatchObject({ total_cents: price, paid_cents: paid, balance_cents: price - paid });
            expect(now.totals.balance_cents).toBeGreaterThanOrEqual(0);
            expect(now.totals.balance_cents).toBeLessThanOrEqual(price);
            expect(now.status).toBe(paid === price ? 'paid' : paid > 0 ? 'partially_paid' : 'sent');
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  // Online money is not refused (it has moved already: a tab opened before a payment by hand or a void), so the
  // property is about what is shown: the balance stays within [0, total], money beyond the total (or all of it on a
  // void invoice) is a credit, no cent is lost (paid = payments − refunds = total − balance + credit), and a refund by
  // hand never gives back money paid online.
  it('with online payments and refunds, and a void at any point: 0 ≤ balance ≤ total, the excess is a credit, no cent lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 500_000 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom('payment' as const, 'refund' as const, 'online-payment' as const, 'online-refund' as const, 'void' as const),
            cents: fc.integer({ min: 1, max: 600_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (price, ops) => {
          const made = await api('POST', `/api/jobs/${jobId}/invoices`, { title: 'Fence', items: [{ name: 'Cedar fence', quantity: 1, unit_price_cents: price }] });
          const id = InvoiceSchema.parse(made.json()).id;
          expect((await api('POST', `/api/invoices/${id}/mark-sent`)).statusCode).toBe(200);
          let manual = 0;
          let online = 0;
          let voided = false;
          for (const op of ops) {
            if (op.kind === 'void') {
              const res = await api('POST', `/api/invoices/${id}/void`, { reason: '', reissue: false });
              // A sent invoice with money on it is not voided (refund first); one with none is.
              expect(res.statusCode, res.body).toBe(voided ? 409 : manual + online === 0 ? 200 : 409);
              if (res.statusCode === 200) voided = true;
            } else if (op.kind === 'online-payment' || (op.kind === 'online-refund' && op.cents <= online)) {
              // What Stripe confirmed arrives whatever the balance or state (the webhook's transaction).
              await ctx.db.transaction((tx) => recordOnlinePayment(tx, { invoiceId: id, kind: op.kind === 'online-payment' ? 'payment' : 'refund', bank: op.cents % 2 === 0, amountCents: op.cents, note: 'Stripe', now: new Date() }));
              online += op.kind === 'online-payment' ? op.cents : -op.cents;
            } else if (op.kind === 'payment' || op.kind === 'refund') {
              const before = InvoiceSchema.parse((await api('GET', `/api/invoices/${id}`)).json());
              const res = await api('POST', `/api/invoices/${id}/payments`, { kind: op.kind, method: 'cash', amount_cents: op.cents, received_on: '2026-03-09' });
              const allowed = !voided && (op.kind === 'payment' ? op.cents <= before.totals.balance_cents : op.cents <= Math.min(before.totals.paid_cents, manual));
              expect(res.statusCode, res.body).toBe(voided ? 409 : allowed ? 201 : 400);
              if (allowed) manual += op.kind === 'payment' ? op.cents : -op.cents;
            }
            const now = InvoiceSchema.parse((await api('GET', `/api/invoices/${id}`)).json());
            const paid = manual + online;
            const credit = invoiceCreditCents(now.status, now.totals);
            expect(now.totals).toMatchObject({ total_cents: price, paid_cents: paid, balance_cents: Math.max(0, price - paid) });
            expect(now.totals.balance_cents).toBeGreaterThanOrEqual(0);
            expect(now.totals.balance_cents).toBeLessThanOrEqual(price);
            expect(credit).toBe(voided ? Math.max(0, paid) : Math.max(0, paid - price));
            if (!voided) expect(paid).toBe(price - now.totals.balance_cents + credit);
            expect(manualPaidCents(now.payments)).toBe(manual);
            if (!voided) expect(now.status).toBe(paid >= price ? 'paid' : paid > 0 ? 'partially_paid' : 'sent');
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});

// Progress invoicing (issue 33): a schedule's parts, split by the one money module, add up to the approved amount
// exactly for any percentages and amounts — no cent lost, the rounding on the final part — or the schedule says by how
// much it bills more (never silently).

const partTerms = fc.oneof(
  fc.integer({ min: 1, max: PERCENT_SCALE }).map((milliPercent): SchedulePartTerms => ({ kind: 'percent', milliPercent })),
  fc.integer({ min: 1, max: 1_000_000_000 }).map((cents): SchedulePartTerms => ({ kind: 'amount', cents })),
);

describe('a payment schedule’s split (property)', () => {
  it('the parts add up to the approved amount exactly when the others fit in it; else the final part is 0 and the excess is reported', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.array(partTerms, { minLength: 0, maxLength: 11 }), fc.nat(11), (approved, others, at) => {
        const parts = [...others];
        parts.splice(Math.min(at, parts.length), 0, { kind: 'final' });
        const split = splitSchedule(approved, parts);
        const sum = split.cents.reduce((a, b) => a + b, 0);
        expect(split.cents).toHaveLength(parts.length);
        expect(split.cents.every((c) => Number.isSafeInteger(c) && c >= 0)).toBe(true);
        expect(sum).toBe(split.totalCents);
        // Each percentage part is its share rounded down; a fixed part is its amount.
        parts.forEach((p, i) => {
          if (p.kind === 'percent') expect(split.cents[i]).toBe(Number((BigInt(approved) * BigInt(p.milliPercent)) / BigInt(PERCENT_SCALE)));
          if (p.kind === 'amount') expect(split.cents[i]).toBe(p.cents);
        });
        if (split.othersCents <= approved) {
          expect(sum).toBe(approved);
          expect(split.overCents).toBe(0);
        } else {
          expect(split.cents[parts.findIndex((p) => p.kind === 'final')]).toBe(0);
          expect(split.overCents).toBe(split.othersCents - approved);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('percentages adding up to at most 100 % never exceed the approved amount, and the final part is exactly what they leave', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.array(fc.integer({ min: 1, max: PERCENT_SCALE }), { minLength: 1, maxLength: 11 }), (approved, weights) => {
        // Scale arbitrary weights down so the percentages total at most 100 % (each still at least 0.001 %).
        const total = weights.reduce((a, b) => a + b, 0);
        const milli = weights.map((w) => Math.max(1, Math.floor((w * PERCENT_SCALE) / Math.max(total, PERCENT_SCALE))));
        fc.pre(milli.reduce((a, b) => a + b, 0) <= PERCENT_SCALE);
        const split = splitSchedule(approved, [...milli.map((m): SchedulePartTerms => ({ kind: 'percent', milliPercent: m })), { kind: 'final' }]);
        expect(split.overCents).toBe(0);
        expect(split.cents.reduce((a, b) => a + b, 0)).toBe(approved);
        expect(split.cents.at(-1)).toBe(approved - split.othersCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('through the API: a saved schedule’s parts add up to the approved amount, or it is refused with the totals and nothing is written', async () => {
    const maria = (await insertContact(ctx.db, { ownerId: admin.id, name: 'Maria', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
    const put = (url: string, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.array(fc.oneof(fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000) }), fc.record({ kind: fc.constant('amount' as const), amount_cents: fc.integer({ min: 1, max: 1_500_000 }) })), { minLength: 1, maxLength: 5 }),
        async (price, others) => {
          const made = await api('POST', `/api/jobs/${jobId}/quotes`, { title: 'Fence', items: [{ name: 'Cedar fence', quantity: 1, unit_price_cents: price, taxable: false }], expires_on: '2099-01-01' });
          const quote = QuoteSchema.parse(made.json());
          expect((await api('POST', `/api/quotes/${quote.id}/send`, { contact_id: maria, methods: ['email'] })).statusCode).toBe(200);
          expect((await api('POST', `/api/quotes/${quote.id}/mark-approved`, { option: null, approved_by: 'Maria Garcia', method: 'verbal' })).statusCode).toBe(200);
          const parts = [...others.map((o, i) => ({ ...o, name: `Part ${i + 1}` })), { kind: 'final', name: 'Final payment' }];
          const res = await put(`/api/quotes/${quote.id}/payment-schedule`, { parts });
          const expected = splitSchedule(
            price,
            parts.map((p): SchedulePartTerms => (p.kind === 'percent' ? { kind: 'percent', milliPercent: Math.round((p as { percent: number }).percent * 1000) } : p.kind === 'amount' ? { kind: 'amount', cents: (p as { amount_cents: number }).amount_cents } : { kind: 'final' })),
          );
          if (expected.overCents > 0) {
            expect(res.statusCode).toBe(400);
            expect(res.json().error.message).toBe(SCHEDULE_OVER_APPROVED(expected.totalCents, price));
            expect((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/payment-schedules`, headers: admin.headers })).json().schedules.some((s: { quote_id: string }) => s.quote_id === quote.id)).toBe(false);
          } else {
            expect(res.statusCode, res.body).toBe(200);
            const schedule = PaymentScheduleSchema.parse(res.json());
            expect(schedule.parts.reduce((a, p) => a + p.cents, 0)).toBe(price);
            expect(schedule.parts.map((p) => p.cents)).toEqual(expected.cents);
          }
        },
      ),
      { numRuns: 10 },
    );
  }, 180_000);

  it('payments and refunds on a scheduled part’s invoice keep 0 ≤ balance ≤ the part', async () => {
    const maria = (await insertContact(ctx.db, { ownerId: admin.id, name: 'Maria', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
    const made = await api('POST', `/api/jobs/${jobId}/quotes`, { title: 'Deck', items: [{ name: 'Deck', quantity: 1, unit_price_cents: 987_654, taxable: false }], expires_on: '2099-01-01' });
    const quote = QuoteSchema.parse(made.json());
    await api('POST', `/api/quotes/${quote.id}/send`, { contact_id: maria, methods: ['email'] });
    await api('POST', `/api/quotes/${quote.id}/mark-approved`, { option: null, approved_by: 'Maria Garcia', method: 'verbal' });
    const schedule = PaymentScheduleSchema.parse(
      (await ctx.app.inject({ method: 'PUT', url: `/api/quotes/${quote.id}/payment-schedule`, headers: admin.headers, payload: { parts: [{ kind: 'percent', name: 'Progress', percent: 33.333 }, { kind: 'final', name: 'Final' }] } })).json(),
    );
    const part = schedule.parts[0]!;
    const id = InvoiceSchema.parse((await api('POST', `/api/payment-schedule-parts/${part.id}/invoice`)).json()).id;
    expect((await api('POST', `/api/invoices/${id}/mark-sent`)).statusCode).toBe(200);
    let paid = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ kind: fc.constantFrom('payment' as const, 'refund' as const), cents: fc.integer({ min: 1, max: 400_000 }) }), { minLength: 1, maxLength: 4 }), async (ops) => {
        for (const op of ops) {
          const res = await api('POST', `/api/invoices/${id}/payments`, { kind: op.kind, method: 'cash', amount_cents: op.cents, received_on: '2026-03-09' });
          const allowed = op.kind === 'payment' ? op.cents <= part.cents - paid : op.cents <= paid;
          expect(res.statusCode, res.body).toBe(allowed ? 201 : 400);
          if (allowed) paid += op.kind === 'payment' ? op.cents : -op.cents;
          const now = InvoiceSchema.parse((await api('GET', `/api/invoices/${id}`)).json());
          expect(now.totals).toMatchObject({ total_cents: part.cents, paid_cents: paid, balance_cents: part.cents - paid });
          expect(now.totals.balance_cents).toBeGreaterThanOrEqual(0);
          expect(now.totals.balance_cents).toBeLessThanOrEqual(part.cents);
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
