import { ReceivablesSchema, type Receivables } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoicePayments, invoices, workspaces } from '../../db/schema';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { monthsUpTo } from './receivables';

// A/R aging and payments received (issue 33) for a New York workspace. The clock is set around the night daylight
// saving time began there (Sunday 2026-03-08, 2:00 → 3:00): 2026-03-09T03:30Z is still March 8, 23:30 in New York
// (UTC says March 9), so every bucket boundary is counted from March 8 — a count in UTC days would be off by one.
let clock = new Date('2026-03-09T03:30:00Z');
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // a plain member of alice's workspace
let eve: TestUser; // another workspace
let nomad: TestUser;
let jobId: string;
let sequence = 0;

async function invoice(o: { workspaceId?: string; job?: string; status?: 'draft' | 'sent' | 'viewed' | 'void'; dueOn: string | null; cents: number; paid?: { cents: number; on: string; kind?: 'payment' | 'refund' }[] }) {
  sequence += 1;
  const workspaceId = o.workspaceId ?? alice.workspaceId!;
  const [row] = await ctx.db
    .insert(invoices)
    .values({ workspaceId, jobId: o.job ?? jobId, number: `INV-${1000 + sequence}`, sequence, status: o.status ?? 'sent', title: `Due ${o.dueOn}`, dueOn: o.dueOn, issuedOn: o.dueOn ? '2025-01-01' : null })
    .returning();
  await ctx.db.insert(invoiceItems).values({ invoiceId: row!.id, workspaceId, position: 0, name: 'Work', quantityMilli: 1000, unitPriceCents: o.cents, taxable: false });
  for (const p of o.paid ?? []) {
    await ctx.db.insert(invoicePayments).values({ invoiceId: row!.id, workspaceId, kind: p.kind ?? 'payment', method: 'cash', amountCents: p.cents, receivedOn: p.on });
  }
  return row!;
}

const get = (user: TestUser | null) => ctx.app.inject({ method: 'GET', url: '/api/analytics/receivables', headers: user?.headers ?? {} });
async function receivables(user: TestUser = alice): Promise<Receivables> {
  const res = await get(user);
  expect(res.statusCode, res.body).toBe(200);
  return ReceivablesSchema.parse(res.json());
}
const buckets = (r: Receivables) => Object.fromEntries(r.aging.map((a) => [a.bucket, [a.count, a.balance_cents]]));

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  nomad = await createTestUser(ctx, { workspaceId: null });
  await ctx.db.update(workspaces).set({ timeZone: 'America/New_York' }).where(eq(workspaces.id, alice.workspaceId!));
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId! })).id;
  // Each boundary, by its due day (days past due as of March 8 in New York).
  await invoice({ dueOn: '2026-03-09', cents: 1 }); // −1: current
  await invoice({ dueOn: '2026-03-08', cents: 2 }); // 0, due today: current
  await invoice({ dueOn: '2026-03-07', cents: 10 }); // 1
  await invoice({ dueOn: '2026-02-06', cents: 20 }); // 30
  await invoice({ dueOn: '2026-02-05', cents: 100 }); // 31
  await invoice({ dueOn: '2026-01-07', cents: 200, status: 'viewed' }); // 60
  await invoice({ dueOn: '2026-01-06', cents: 1000 }); // 61
  await invoice({ dueOn: '2025-12-08', cents: 2000 }); // 90
  await invoice({ dueOn: '2025-12-07', cents: 10_000, paid: [{ cents: 4_000, on: '2026-02-15' }] }); // 91, part paid: 60.00 owed
  // Owing nothing: paid in full (a payment, a refund and a payment again), a draft, a void one — none in A/R.
  await invoice({ dueOn: '2025-06-01', cents: 50_000, paid: [{ cents: 50_000, on: '2025-04-30' }, { cents: 5_000, on: '2026-03-02', kind: 'refund' }, { cents: 5_000, on: '2026-03-08' }] });
  await invoice({ dueOn: null, cents: 70_000, status: 'draft' });
  await invoice({ dueOn: '2025-01-10', cents: 80_000, status: 'void' });
  // Another workspace's overdue invoice.
  const evesJob = (await insertJob(ctx.db, { workspaceId: eve.workspaceId! })).id;
  await invoice({ workspaceId: eve.workspaceId!, job: evesJob, dueOn: '2026-01-01', cents: 999_999, paid: [{ cents: 1, on: '2026-03-01' }] });
});
afterAll(() => ctx.close());

describe('GET /api/analytics/receivables', () => {
  it('ages what sent invoices owe from today in the workspace’s zone: every boundary, on the night the clocks change', async () => {
    const r = await receivables(bob); // a plain member may see it
    expect(r.as_of).toBe('2026-03-08');
    expect(r.time_zone).toBe('America/New_York');
    expect(r.aging.map((a) => a.bucket)).toEqual(['current', '1_30', '31_60', '61_90', 'over_90']);
    expect(buckets(r)).toEqual({ current: [2, 3], '1_30': [2, 30], '31_60': [2, 300], '61_90': [2, 3000], over_90: [1, 6000] });
    expect(r.total).toEqual({ count: 9, balance_cents: 9333 });
  });

  it('moves a day at midnight in New York, not at midnight UTC', async () => {
    // 2026-03-08T04:30Z is March 7, 23:30 in New York (still standard time): the day before.
    clock = new Date('2026-03-08T04:30:00Z');
    const before = await receivables();
    expect(before.as_of).toBe('2026-03-07');
    expect(buckets(before)).toEqual({ current: [3, 13], '1_30': [2, 120], '31_60': [2, 1200], '61_90': [2, 8000], over_90: [0, 0] });
    // 2026-03-09T04:30Z is March 9, 00:30 daylight time: a day after the first reading, though only 25 hours of UTC later.
    clock = new Date('2026-03-09T04:30:00Z');
    const after = await receivables();
    expect(after.as_of).toBe('2026-03-09');
    expect(buckets(after)).toEqual({ current: [1, 1], '1_30': [2, 12], '31_60': [2, 120], '61_90': [2, 1200], over_90: [2, 8000] });
    clock = new Date('2026-03-09T03:30:00Z');
  });

  it('sums the money received per month over the last twelve, net of refunds, empty months at 0', async () => {
    const r = await receivables();
    expect(r.payments_by_month.map((m) => m.month)).toEqual(monthsUpTo('2026-03-08', 12));
    expect(r.payments_by_month[0]!.month).toBe('2025-04');
    expect(r.payments_by_month.find((m) => m.month === '2025-04')).toEqual({ month: '2025-04', payments_cents: 50_000, refunds_cents: 0, net_cents: 50_000 });
    expect(r.payments_by_month.find((m) => m.month === '2026-02')).toEqual({ month: '2026-02', payments_cents: 4_000, refunds_cents: 0, net_cents: 4_000 });
    expect(r.payments_by_month.at(-1)).toEqual({ month: '2026-03', payments_cents: 5_000, refunds_cents: 5_000, net_cents: 0 });
    expect(r.payments_by_month.filter((m) => m.payments_cents === 0 && m.refunds_cents === 0)).toHaveLength(9);
    // A year on, April 2025 has left the chart.
    clock = new Date('2026-04-01T12:00:00Z');
    expect((await receivables()).payments_by_month[0]).toEqual({ month: '2025-05', payments_cents: 0, refunds_cents: 0, net_cents: 0 });
    clock = new Date('2026-03-09T03:30:00Z');
  });

  it('is the caller’s workspace’s alone: 401 without a session, 409 without a workspace, another workspace sees its own', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(nomad)).statusCode).toBe(409);
    const eves = await receivables(eve);
    expect(eves.time_zone).toBe('UTC');
    expect(eves.total).toEqual({ count: 1, balance_cents: 999_998 });
    expect(eves.payments_by_month.at(-1)).toMatchObject({ month: '2026-03', net_cents: 1 });
  });
});

describe('monthsUpTo', () => {
  it('counts back across a year end', () => {
    expect(monthsUpTo('2026-02-28', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});
