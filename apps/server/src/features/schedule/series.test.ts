import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits, visitSeries } from '../../db/schema';
import { startJob } from '../../platform/jobs';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { visitSeriesJob } from './series';

/** The series job (platform/jobs.ts) over visit_series rows: extension, the end of a rule, a retried and a given-up failure. */

let ctx: TestContext;
let owner: TestUser;
let jobId: string;
const clock = new Date('2026-10-01T12:00:00Z');
const PAST = new Date('2020-01-01T00:00:00Z');

const drain = () => startJob(ctx.db, visitSeriesJob({ db: ctx.db, now: () => clock })).drain();
const insertSeries = async (values: Partial<typeof visitSeries.$inferInsert>) => {
  const [row] = await ctx.db
    .insert(visitSeries)
    .values({ workspaceId: owner.workspaceId!, jobId, rrule: 'FREQ=WEEKLY', startDate: '2026-10-06', startTime: '09:00', timeZone: 'Europe/Berlin', durationMinutes: 60, nextAttemptAt: PAST, ...values })
    .returning();
  return row!;
};
const seriesRow = async (id: string) => (await ctx.db.select().from(visitSeries).where(eq(visitSeries.id, id)))[0]!;
const visitsOf = (id: string) => ctx.db.select().from(visits).where(eq(visits.seriesId, id)).orderBy(visits.startsAt);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId! })).id;
});
afterAll(() => ctx.close());

describe('visitSeriesJob', () => {
  it('makes a due series’ visits up to 120 days ahead, once, and schedules the next extension', async () => {
    const s = await insertSeries({});
    await drain();
    const made = await visitsOf(s.id);
    // Weekly Tuesdays from 2026-10-06 until before 2027-01-29 (Oct 1 + 120 days): 17 of them, across the change of Oct 25.
    expect(made).toHaveLength(17);
    expect(made[0]!.startsAt.toISOString()).toBe('2026-10-06T07:00:00.000Z'); // 09:00 CEST
    expect(made.at(-1)!.startsAt.toISOString()).toBe('2027-01-26T08:00:00.000Z'); // 09:00 CET
    const after = await seriesRow(s.id);
    expect(after).toMatchObject({ status: 'active', attempts: 0, lockedUntil: null, lastError: null });
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Due again: nothing is made twice.
    await ctx.db.update(visitSeries).set({ nextAttemptAt: PAST }).where(eq(visitSeries.id, s.id));
    await drain();
    expect(await visitsOf(s.id)).toHaveLength(17);
  });

  it('ends a series whose rule has no occurrence left', async () => {
    const s = await insertSeries({ rrule: 'FREQ=DAILY;COUNT=3' });
    await drain();
    expect(await visitsOf(s.id)).toHaveLength(3);
    expect((await seriesRow(s.id)).status).toBe('ended');
  });

  it('a failing series is retried later with its reason, and given up at the claim once its attempts are used', async () => {
    // A rule no library reads (written past the API's checks): the work throws.
    const s = await insertSeries({ rrule: 'FREQ=BOGUS' });
    await drain();
    const retried = await seriesRow(s.id);
    expect(retried).toMatchObject({ status: 'active', attempts: 1 });
    expect(retried.lastError).toMatch(/BOGUS|not understood/i);
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Every attempt was claimed and none wrote an outcome: given up at the claim, never worked on again.
    await ctx.db.update(visitSeries).set({ attempts: 5, nextAttemptAt: PAST }).where(eq(visitSeries.id, s.id));
    await drain();
    const given = await seriesRow(s.id);
    expect(given.status).toBe('failed');
    expect(given.lastError).toBe('Visit series stopped: 5 attempts ended without a result');
    expect(await visitsOf(s.id)).toHaveLength(0);
  });
});
