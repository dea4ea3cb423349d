import { InvoiceSchema, ReceivablesSchema, type Invoice, type InvoiceBody } from '@fieldbook/contract';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// The total kept when an invoice is sent (invoices.total_cents, for A/R over many invoices) is the money module's total
// of what was sent, and A/R's balances from it are the ones each invoice shows — also beside invoices sent before the
// total was kept (no total_cents: derived from the lines).
let ctx: TestContext;
let alice: TestUser;
let jobId: string;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: alice.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function sent(body: InvoiceBody): Promise<Invoice> {
  const created = await api('POST', `/api/jobs/${jobId}/invoices`, body);
  expect(created.statusCode, created.body).toBe(201);
  const res = await api('POST', `/api/invoices/${created.json().id}/mark-sent`);
  expect(res.statusCode, res.body).toBe(200);
  return InvoiceSchema.parse(res.json());
}
const kept = async (id: string) => (await ctx.db.select({ total: invoices.totalCents }).from(invoices).where(eq(invoices.id, id)))[0]!.total;
const receivables = async () => ReceivablesSchema.parse((await api('GET', '/api/analytics/receivables')).json());

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId! })).id;
});
afterAll(() => ctx.close());

const line = fc.record({
  name: fc.constantFrom('Shingles', 'Labour', 'Łukasz’s flashing'),
  quantity: fc.integer({ min: 1, max: 100_000 }).map((milli) => milli / 1000),
  unit: fc.constant('ea'),
  unit_price_cents: fc.integer({ min: 0, max: 2_000_000 }),
  taxable: fc.boolean(),
});
const body = fc.record({
  title: fc.constant('Roof'),
  items: fc.array(line, { minLength: 1, maxLength: 6 }),
  discount: fc.oneof(fc.constant(null), fc.record({ type: fc.constant('amount' as const), cents: fc.integer({ min: 0, max: 500_000 }) }), fc.record({ type: fc.constant('percent' as const), percent: fc.integer({ min: 0, max: 10_000 }).map((p) => p / 100) })),
  tax_rate_percent: fc.integer({ min: 0, max: 15_000 }).map((p) => p / 1000),
  payment_terms: fc.constant('net_30' as const),
});

describe('the total kept when an invoice is sent', () => {
  it('is the total the invoice shows, for any lines, discount and tax; a draft keeps none', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const created = InvoiceSchema.parse((await api('POST', `/api/jobs/${jobId}/invoices`, b)).json());
        expect(await kept(created.id)).toBeNull();
        const res = await api('POST', `/api/invoices/${created.id}/mark-sent`);
        expect(res.statusCode, res.body).toBe(200);
        expect(await kept(created.id)).toBe(InvoiceSchema.parse(res.json()).totals.total_cents);
      }),
      { numRuns: 25 },
    );
  });

  it('A/R sums what each sent invoice shows as owed — kept totals and derived ones alike', async () => {
    const before = (await receivables()).total;
    const a = await sent({ title: 'Deck', items: [{ name: 'Boards', quantity: 3.333, unit: 'ea', unit_price_cents: 1_999, taxable: true }], discount: { type: 'percent', percent: 7.5 }, tax_rate_percent: 8.25, payment_terms: 'net_15' });
    const b = await sent({ title: 'Gutters', items: [{ name: 'Gutter', quantity: 120.5, unit: 'ft', unit_price_cents: 899, taxable: false }], payment_terms: 'net_30' });
    const c = await sent({ title: 'Paint', items: [{ name: 'Paint', quantity: 2, unit: 'gal', unit_price_cents: 4_550, taxable: true }], tax_rate_percent: 6, payment_terms: 'due_on_receipt' });
    expect((await api('POST', `/api/invoices/${b.id}/payments`, { method: 'cash', received_on: b.issued_on, amount_cents: 5_000 })).statusCode).toBe(201);
    expect((await api('POST', `/api/invoices/${c.id}/payments`, { method: 'cash', received_on: c.issued_on, amount_cents: c.totals.total_cents })).statusCode).toBe(201);
    // As if `a` had been sent before totals were kept: its balance is derived from its lines.
    await ctx.db.update(invoices).set({ totalCents: null }).where(eq(invoices.id, a.id));

    const owed = await Promise.all([a, b, c].map(async (i) => InvoiceSchema.parse((await api('GET', `/api/invoices/${i.id}`)).json()).totals.balance_cents));
    expect(owed[2]).toBe(0);
    const after = (await receivables()).total;
    expect(after.balance_cents - before.balance_cents).toBe(owed[0]! + owed[1]!);
    expect(after.count - before.count).toBe(2); // the paid one owes nothing
  });
});
