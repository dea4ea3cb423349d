import { InvoiceSchema } from '@fieldbook/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob } from '../../test/factories';
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
});
