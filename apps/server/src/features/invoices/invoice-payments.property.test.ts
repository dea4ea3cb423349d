import { invoiceCreditCents, InvoiceSchema, manualPaidCents } from '@fieldbook/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob } from '../../test/factories';
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
