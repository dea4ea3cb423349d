import { CrewSchema, SavedVisitSchema, SCHEDULING_ADMIN_ONLY, SchedulePeopleSchema, SearchResponseSchema, VisitConflictListSchema, VisitListSchema, boardVisits, type CreateVisitBody } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visits, visitSeries, workspaces } from '../../db/schema';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// Sunday 2026-03-01 15:00 UTC = 09:00 in Chicago (CST); daylight time starts March 8 (09:00 CDT = 14:00Z).
let clock = new Date('2026-03-01T15:00:00Z');
const ZONE = 'America/Chicago';
let ctx: TestContext;
let alice: TestUser; // the owner: schedules
let bob: TestUser; // a member, in the crew
let eve: TestUser; // another workspace's owner
let crewId: string;
let gutterJob: string;

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (body: CreateVisitBody) => {
  const res = await api(alice, 'POST', '/api/visits', body);
  expect(res.statusCode, res.body).toBe(201);
  return SavedVisitSchema.parse(res.json());
};

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx);
  await ctx.db.update(workspaces).set({ timeZone: ZONE }).where(eq(workspaces.id, alice.workspaceId!));
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  const crew = await api(alice, 'POST', '/api/crews', { name: 'North crew', colour: 'teal', member_ids: [bob.id] });
  crewId = CrewSchema.parse(crew.json()).id;
  gutterJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Gutter cleaning', clientName: 'Kim Park' })).id;
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date('2026-03-01T15:00:00Z');
});

describe('GET /api/schedule/people', () => {
  it("lists the workspace's members for an admin (never another workspace's); a member is 403, nobody 401", async () => {
    const res = await api(alice, 'GET', '/api/schedule/people');
    expect(res.statusCode, res.body).toBe(200);
    const ids = SchedulePeopleSchema.parse(res.json()).people.map((p) => p.id);
    expect(ids.sort()).toEqual([alice.id, bob.id].sort());
    expect(ids).not.toContain(eve.id);
    expect(SchedulePeopleSchema.parse(res.json()).people.every((p) => p.name.length > 0 && p.email.includes('@'))).toBe(true);
    const refused = await api(bob, 'GET', '/api/schedule/people');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SCHEDULING_ADMIN_ONLY);
    expect((await api(null, 'GET', '/api/schedule/people')).statusCode).toBe(401);
    expect(SchedulePeopleSchema.parse((await api(eve, 'GET', '/api/schedule/people')).json()).people.map((p) => p.id)).toEqual([eve.id]);
  });
});

describe('a repeating visit is checked for overlaps over its whole horizon', () => {
  let lateVisitId: string;
  it('an overlap three weeks after the first occurrence refuses the series (409, nothing made); confirmed, it is saved and listed', async () => {
    // The crew's one-off visit on Tuesday March 24, 09:30–10:30 Chicago (CDT: 14:30Z).
    const late = await create({ job_id: gutterJob, starts_at: '2026-03-24T14:30:00Z', ends_at: '2026-03-24T15:30:00Z', crew_ids: [crewId] });
    lateVisitId = late.id;
    const poolJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Pool service', clientName: 'Ana Diaz' })).id;
    // Weekly on Tuesdays from March 3, 09:00–10:00 local, for bob (in the crew): free on March 3, 10 and 17.
    const body: CreateVisitBody = { job_id: poolJob, starts_at: '2026-03-03T15:00:00Z', ends_at: '2026-03-03T16:00:00Z', user_ids: [bob.id], recurrence: { rrule: 'FREQ=WEEKLY' } };
    const refused = await api(alice, 'POST', '/api/visits', body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/overlaps another visit/);
    expect(refused.json().error.details).toEqual([{ field: 'confirm_overlap', message: 'Gutter cleaning (Kim Park): 2026-03-24 09:30–10:30' }]);
    // The check before saving (POST /api/visits/conflicts) finds the same overlap, three weeks on, and writes nothing.
    const { job_id: _job, recurrence, ...when } = body;
    const check = VisitConflictListSchema.parse((await api(alice, 'POST', '/api/visits/conflicts', { ...when, recurrence })).json());
    expect(check.conflicts.map((c) => c.visit_id)).toEqual([lateVisitId]);
    // Without the repeat rule only the first visit is checked: free.
    expect(VisitConflictListSchema.parse((await api(alice, 'POST', '/api/visits/conflicts', when)).json()).conflicts).toEqual([]);
    // A bad rule is a 400 there as on save.
    const bad = await api(alice, 'POST', '/api/visits/conflicts', { ...when, recurrence: { rrule: 'FREQ=NEVER' } });
    expect(bad.statusCode, bad.body).toBe(400);
    // Nothing of the series was written.
    expect(await ctx.db.select().from(visitSeries).where(eq(visitSeries.jobId, poolJob))).toEqual([]);
    expect(await ctx.db.select().from(visits).where(eq(visits.jobId, poolJob))).toEqual([]);
    const saved = await create({ ...body, confirm_overlap: true });
    expect(saved.local_date).toBe('2026-03-03');
    expect(saved.conflicts.map((c) => c.visit_id)).toEqual([lateVisitId]);
    expect((await ctx.db.select().from(visits).where(eq(visits.jobId, poolJob))).length).toBeGreaterThan(15);
  });

  it("an edit of 'all' that moves the series onto another visit's time is checked over the horizon too", async () => {
    const lawnJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Lawn care' })).id;
    // Weekly on Thursdays 13:00–14:00 for the crew; the crew has a one-off on Thursday April 16 at 15:00–16:00 (CDT: 20:00Z).
    const first = await create({ job_id: lawnJob, starts_at: '2026-03-05T19:00:00Z', ends_at: '2026-03-05T20:00:00Z', crew_ids: [crewId], recurrence: { rrule: 'FREQ=WEEKLY' } });
    expect(first.conflicts).toEqual([]);
    const other = await create({ job_id: gutterJob, starts_at: '2026-04-16T20:00:00Z', ends_at: '2026-04-16T21:00:00Z', crew_ids: [crewId] });
    // Moving every visit of the series to 15:00 (the first one: March 5, CST, 21:00Z) meets it on April 16.
    const move = { version: first.version, scope: 'all', starts_at: '2026-03-05T21:00:00Z', ends_at: '2026-03-05T22:00:00Z' };
    const refused = await api(alice, 'PATCH', `/api/visits/${first.id}`, move);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.details).toEqual([{ field: 'confirm_overlap', message: 'Gutter cleaning (Kim Park): 2026-04-16 15:00–16:00' }]);
    // Nothing moved: the series' visits are still at 13:00.
    const april = boardVisits(VisitListSchema.parse((await api(alice, 'GET', '/api/visits?from=2026-04-16&to=2026-04-16')).json()));
    expect(april.filter((v) => v.job.id === lawnJob).map((v) => v.starts_at)).toEqual(['2026-04-16T18:00:00.000Z']);
    const saved = await api(alice, 'PATCH', `/api/visits/${first.id}`, { ...move, confirm_overlap: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(SavedVisitSchema.parse(saved.json()).conflicts.map((c) => c.visit_id)).toEqual([other.id]);
  });
});

describe('a repeating visit split from one of its days', () => {
  it("'this and following' at a new time is checked over the new series' horizon; refused, nothing is split", async () => {
    const windowJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Window washing' })).id;
    // Weekly on Fridays 07:00–08:00 for the crew from March 6 (CST: 13:00Z); bob alone on Friday April 24, 10:00–11:00 (CDT: 15:00Z).
    await create({ job_id: windowJob, starts_at: '2026-03-06T13:00:00Z', ends_at: '2026-03-06T14:00:00Z', crew_ids: [crewId], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const bobs = await create({ job_id: gutterJob, starts_at: '2026-04-24T15:00:00Z', ends_at: '2026-04-24T16:00:00Z', user_ids: [bob.id] });
    const day = boardVisits(VisitListSchema.parse((await api(alice, 'GET', '/api/visits?from=2026-03-20&to=2026-03-20')).json())).find((v) => v.job.id === windowJob)!;
    // From March 20 on at 10:00 (CDT: 15:00Z): free that day, but it meets bob's visit on April 24.
    const split = { version: day.version, scope: 'this_and_following', starts_at: '2026-03-20T15:00:00Z', ends_at: '2026-03-20T16:00:00Z' };
    const refused = await api(alice, 'PATCH', `/api/visits/${day.id}`, split);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.details).toEqual([{ field: 'confirm_overlap', message: 'Gutter cleaning (Kim Park): 2026-04-24 10:00–11:00' }]);
    expect(await ctx.db.select().from(visitSeries).where(eq(visitSeries.jobId, windowJob))).toHaveLength(1);
    const still = boardVisits(VisitListSchema.parse((await api(alice, 'GET', '/api/visits?from=2026-03-20&to=2026-03-20')).json())).find((v) => v.job.id === windowJob)!;
    expect(still).toMatchObject({ id: day.id, starts_at: '2026-03-20T12:00:00.000Z', version: day.version });
    const saved = await api(alice, 'PATCH', `/api/visits/${day.id}`, { ...split, confirm_overlap: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(SavedVisitSchema.parse(saved.json()).conflicts.map((c) => c.visit_id)).toEqual([bobs.id]);
  });
});

describe('search shows a job’s next visit', () => {
  it('a search for the client finds the job with its next visit to come (local times, crews); past and cancelled ones are not it', async () => {
    const job = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Siding repair', clientName: 'Quincy Zabriskie' })).id;
    const quiet = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Fence quote', clientName: 'Quincy Zabriskie Jr' })).id;
    await create({ job_id: job, starts_at: '2026-03-02T14:00:00Z', ends_at: '2026-03-02T15:00:00Z' }); // done by the time of the search
    const cancelled = await create({ job_id: job, starts_at: '2026-03-04T14:00:00Z', ends_at: '2026-03-04T15:00:00Z' });
    expect((await api(alice, 'POST', `/api/visits/${cancelled.id}/cancel`, { version: cancelled.version })).statusCode).toBe(200);
    const next = await create({ job_id: job, starts_at: '2026-03-12T13:00:00Z', ends_at: '2026-03-12T16:00:00Z', crew_ids: [crewId] });
    await create({ job_id: job, all_day: true, date: '2026-03-20' });
    clock = new Date('2026-03-03T12:00:00Z');
    const res = await api(alice, 'GET', `/api/search?query=${encodeURIComponent('Zabriskie')}`);
    expect(res.statusCode, res.body).toBe(200);
    const results = SearchResponseSchema.parse(res.json()).results;
    const hit = results.find((r) => r.id === job)!;
    // March 12 is after the change to CDT: 13:00Z is 08:00 local.
    expect(hit.next_visit).toEqual({ id: next.id, local_date: '2026-03-12', all_day: false, start_time: '08:00', end_time: '11:00', status: 'scheduled', crews: ['North crew'] });
    expect(results.find((r) => r.id === quiet)!.next_visit).toBeNull();
    // Another workspace does not find it.
    expect(SearchResponseSchema.parse((await api(eve, 'GET', '/api/search?query=Zabriskie')).json()).results).toEqual([]);
    // Later, the all-day one is next.
    clock = new Date('2026-03-15T12:00:00Z');
    const later = SearchResponseSchema.parse((await api(alice, 'GET', '/api/search?query=Zabriskie')).json()).results.find((r) => r.id === job)!;
    expect(later.next_visit).toMatchObject({ local_date: '2026-03-20', all_day: true, start_time: null, end_time: null, crews: [] });
  });
});
