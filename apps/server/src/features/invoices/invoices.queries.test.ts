import { invoiceMoneyLines, invoiceTotals, paidCents } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoicePayments, invoices } from '../../db/schema';
import { queryRows } from '../../db/sql';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { invoiceMoneyRowsSql, invoiceMoneySql } from './invoices.queries';

// The lists, exports and A/R compute an invoice's money in SQL (invoices.queries.ts); the invoice's own answer computes
// it with the one money module (quote-money.ts). They must agree to the cent on any invoice: random lines (quantities
// in thousandths, prices up to $10,000,000), discounts (amounts, percents in thousandths), tax rates and payments.

let ctx: TestContext;
let owner: TestUser;
let jobId: string;
let sequence = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId! })).id;
});
afterAll(() => ctx.close());

const line = fc.record({
  quantityMilli: fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0, 1, 500, 1000, 1500, 3333)),
  unitPriceCents: fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 })),
  taxable: fc.boolean(),
});
const discount = fc.oneof(
  fc.constant(null),
  fc.record({ type: fc.constant('amount' as const), cents: fc.integer({ min: 0, max: 2_000_000 }) }),
  fc.record({ type: fc.constant('percent' as const), milliPercent: fc.integer({ min: 0, max: 100_000 }) }),
);

describe('invoiceMoneySql (property)', () => {
  it('gives the money module’s totals to the cent, with payments, refunds and the balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 8 }),
        discount,
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.record({ kind: fc.constantFrom('payment' as const, 'refund' as const), amount_cents: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 4 }),
        async (lines, drawn, taxRate, payments) => {
          // fast-check's records have no prototype; drizzle wants plain objects.
          const disc = drawn ? { ...drawn } : null;
          sequence += 1;
          const [row] = await ctx.db
            .insert(invoices)
            .values({ workspaceId: owner.workspaceId!, jobId, number: `P-${sequence}`, sequence, title: 'Property', discount: disc, taxRateMilliPercent: taxRate })
            .returning();
          const items = lines.map((l, position) => ({ ...l, id: crypto.randomUUID(), invoiceId: row!.id, workspaceId: owner.workspaceId!, position, name: `Line ${position}` }));
          // Stored in another order than their positions: the SQL must go by position, as the module goes by the list.
          if (items.length) await ctx.db.insert(invoiceItems).values([...items].reverse());
          if (payments.length) {
            await ctx.db.insert(invoicePayments).values(payments.map((p) => ({ invoiceId: row!.id, workspaceId: owner.workspaceId!, kind: p.kind, method: 'cash' as const, amountCents: p.amount_cents, receivedOn: '2026-01-01' })));
          }
          const expected = invoiceTotals(invoiceMoneyLines(items), { discount: disc, taxRateMilliPercent: taxRate }, paidCents(payments));
          const [got] = await queryRows<Record<string, string>>(ctx.db, sql`SELECT m.* FROM invoices i CROSS JOIN LATERAL ${invoiceMoneySql('i')} m WHERE i.id = ${row!.id}`);
          const n = (k: string) => Number(got![k]);
          expect({
            subtotal_cents: n('subtotal_cents'),
            discount_cents: n('discount_cents'),
            taxable_cents: n('taxable_cents'),
            tax_cents: n('tax_cents'),
            total_cents: n('total_cents'),
            paid_cents: n('net_paid_cents'),
          }).toEqual({
            subtotal_cents: expected.subtotal_cents,
            discount_cents: expected.discount_cents,
            taxable_cents: expected.taxable_cents,
            tax_cents: expected.tax_cents,
            total_cents: expected.total_cents,
            paid_cents: expected.paid_cents,
          });
          expect(n('paid_cents') - n('refunded_cents')).toBe(expected.paid_cents);
          // The set-based form (sums over a workspace) gives the same row, with the other invoices around it.
          const [rowSet] = await queryRows<Record<string, string>>(ctx.db, sql`SELECT m.* FROM ${invoiceMoneyRowsSql(sql`i.workspace_id = ${owner.workspaceId}`)} m WHERE m.id = ${row!.id}`);
          expect(rowSet).toEqual({ id: row!.id, ...got });
          expect(n('balance_cents')).toBe(Math.max(0, expected.total_cents - expected.paid_cents));
        },
      ),
      { numRuns: 150 },
    );
  });
});
