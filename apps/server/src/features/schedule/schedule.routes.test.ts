import {
  boardVisits,
  CrewSchema,
  JobVisitListSchema,
  SavedVisitSchema,
  SCHEDULING_ADMIN_ONLY,
  TodaySchema,
  UnscheduledTraySchema,
  VISIT_NOT_FOUND,
  VISIT_STATUS_NOT_YOURS,
  VISIT_VERSION_CONFLICT,
  VisitConflictListSchema,
  VisitListSchema,
  VisitSchema,
  instantToWallTime,
  type CreateVisitBody,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visitSeries, workspaces } from '../../db/schema';
import { insertContact, insertJob, insertTask } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { startJob } from '../../platform/jobs';
import { visitSeriesJob } from './series';

// A settable clock: Sunday 2026-03-01 15:00 UTC = 09:00 in Chicago (CST, UTC−6); daylight time starts March 8.
let clock = new Date('2026-03-01T15:00:00Z');
const ZONE = 'America/Chicago';
let ctx: TestContext;
let alice: TestUser; // the workspace's owner: schedules
let bob: TestUser; // a plain member, in the crew
let carol: TestUser; // a plain member, not in the crew
let eve: TestUser; // another workspace's owner
let jobId: string;
let idleJobId: string;
let crewId: string;

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(user?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const wall = (iso: string) => {
  const w = instantToWallTime(new Date(iso), ZONE);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};
const create = async (body: Partial<CreateVisitBody>, user = alice) => {
  const res = await api(user, 'POST', '/api/visits', { job_id: jobId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return SavedVisitSchema.parse(res.json());
};
const board = async (from: string, to: string, user = alice, extra = '') => {
  const res = await api(user, 'GET', `/api/visits?from=${from}&to=${to}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const list = VisitListSchema.parse(res.json());
  return { ...list, visits: boardVisits(list) };
};

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx);
  await ctx.db.update(workspaces).set({ timeZone: ZONE }).where(eq(workspaces.id, alice.workspaceId!));
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  carol = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Lopez roof', clientName: 'Maria Lopez', propertyAddress: '12 Oak Ave' })).id;
  idleJobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Gutter check', clientName: 'Sam Idle' })).id;
  await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId, description: 'Bring the ladder', status: 'pending' });
});
afterAll(() => ctx.close());
// Each test starts at the same instant (one that moves the clock does not move the next one's).
beforeEach(() => {
  clock = new Date('2026-03-01T15:00:00Z');
});

describe('crews', () => {
  it('a plain member may not make one (403); an admin makes one with members of the workspace only', async () => {
    const refused = await api(bob, 'POST', '/api/crews', { name: 'Crew A' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SCHEDULING_ADMIN_ONLY);
    const outsider = await api(alice, 'POST', '/api/crews', { name: 'Crew A', member_ids: [eve.id] });
    expect(outsider.statusCode).toBe(400);
    const res = await api(alice, 'POST', '/api/crews', { name: 'Crew A', colour: 'teal', member_ids: [bob.id] });
    expect(res.statusCode, res.body).toBe(201);
    const crew = CrewSchema.parse(res.json());
    expect(crew.members.map((m) => m.id)).toEqual([bob.id]);
    crewId = crew.id;
    expect((await api(alice, 'POST', '/api/crews', { name: 'crew a' })).statusCode).toBe(400);
    // Another workspace neither sees nor changes it.
    expect((await api(eve, 'GET', '/api/crews')).json().crews).toEqual([]);
    expect((await api(eve, 'PATCH', `/api/crews/${crewId}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await api(bob, 'GET', '/api/crews')).json().crews.map((c: { id: string }) => c.id)).toEqual([crewId]);
  });
});

describe('visits: create, the board, tenancy and roles', () => {
  let visitId: string;
  it('an admin schedules a visit for the crew; the board shows it with its job, in the workspace zone', async () => {
    const v = await create({ starts_at: '2026-03-02T15:00:00Z', ends_at: '2026-03-02T17:00:00Z', crew_ids: [crewId], arrival_window: { start: '08:00', end: '10:00' }, notes: 'Gate code 1234' });
    visitId = v.id;
    expect(v).toMatchObject({ local_date: '2026-03-02', status: 'scheduled', version: 1, conflicts: [], notes: 'Gate code 1234', arrival_window: { start: '08:00', end: '10:00' } });
    expect(v.job).toMatchObject({ id: jobId, title: 'Lopez roof', client_name: 'Maria Lopez', property_address: '12 Oak Ave' });
    expect(v.crews).toEqual([{ id: crewId, name: 'Crew A', colour: 'teal' }]);
    const week = await board('2026-03-01', '2026-03-07');
    expect(week.time_zone).toBe(ZONE);
    expect(week.visits.map((x) => x.id)).toEqual([visitId]);
    // Filters: the crew's, bob's (through the crew), carol's (none).
    expect((await board('2026-03-01', '2026-03-07', bob, `&crew_id=${crewId}`)).visits).toHaveLength(1);
    expect((await board('2026-03-01', '2026-03-07', bob, `&user_id=${bob.id}`)).visits).toHaveLength(1);
    expect((await board('2026-03-01', '2026-03-07', bob, `&user_id=${carol.id}`)).visits).toHaveLength(0);
    // The day before (local) does not show it: 2026-03-02 00:00 Chicago is 06:00Z.
    expect((await board('2026-03-01', '2026-03-01')).visits).toHaveLength(0);
  });

  it("another workspace's visit is 404 for read, change, status and cancel, and absent from its board", async () => {
    expect((await api(eve, 'GET', `/api/visits/${visitId}`)).json().error.message).toBe(VISIT_NOT_FOUND);
    expect((await api(eve, 'GET', `/api/visits/${visitId}`)).statusCode).toBe(404);
    // eve schedules in her own workspace, where this visit does not exist.
    expect((await api(eve, 'PATCH', `/api/visits/${visitId}`, { version: 1, notes: 'x' })).statusCode).toBe(404);
    expect((await api(eve, 'POST', `/api/visits/${visitId}/cancel`, { version: 1 })).statusCode).toBe(404);
    expect((await api(eve, 'POST', `/api/visits/${visitId}/status`, { status: 'on_the_way' })).statusCode).toBe(404);
    expect((await board('2026-03-01', '2026-03-07', eve)).visits).toEqual([]);
    expect((await api(alice, 'GET', `/api/visits/${visitId}`)).statusCode).toBe(200);
    // Creating on another workspace's job is refused.
    const res = await api(eve, 'POST', '/api/visits', { job_id: jobId, starts_at: '2026-03-02T15:00:00Z', ends_at: '2026-03-02T16:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('job_id');
  });

  it("a job's page lists its visits; another workspace's job is 404", async () => {
    const res = await api(bob, 'GET', `/api/jobs/${jobId}/visits`);
    expect(res.statusCode, res.body).toBe(200);
    const list = JobVisitListSchema.parse(res.json());
    expect(list.visits.map((x) => x.id)).toEqual([visitId]);
    expect(list.time_zone).toBe(ZONE);
    expect((await api(eve, 'GET', `/api/jobs/${jobId}/visits`)).statusCode).toBe(404);
  });

  it('a plain member may not schedule (403, nothing written)', async () => {
    const res = await api(bob, 'POST', '/api/visits', { job_id: jobId, starts_at: '2026-03-03T15:00:00Z', ends_at: '2026-03-03T16:00:00Z' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SCHEDULING_ADMIN_ONLY);
    expect((await board('2026-03-03', '2026-03-03')).visits).toHaveLength(0);
    expect((await api(bob, 'PATCH', `/api/visits/${visitId}`, { version: 1, notes: 'mine' })).statusCode).toBe(403);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ starts_at: '2026-03-04T16:00:00Z', ends_at: '2026-03-04T15:00:00Z' }, 'ends_at'],
      [{ starts_at: '2026-03-04T16:00:00Z' }, 'ends_at'],
      [{ all_day: true }, 'date'],
      [{ starts_at: '2026-03-04T15:00:00Z', ends_at: '2026-03-04T16:00:00Z', recurrence: { rrule: 'FREQ=HOURLY' } }, 'recurrence.rrule'],
      [{ starts_at: '2026-03-04T15:00:00Z', ends_at: '2026-03-04T16:00:00Z', recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=XX' } }, 'recurrence.rrule'],
      [{ starts_at: '2026-03-04T15:00:00Z', ends_at: '2026-03-04T16:00:00Z', arrival_window: { start: '10:00', end: '08:00' } }, 'arrival_window.end'],
      [{ starts_at: '2026-03-04T15:00:00Z', ends_at: '2026-03-04T16:00:00Z', user_ids: [eve.id] }, 'user_ids'],
    ];
    for (const [body, field] of cases) {
      const res = await api(alice, 'POST', '/api/visits', { job_id: jobId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    expect((await board('2026-03-04', '2026-03-04')).visits).toHaveLength(0);
  });

  it('an all-day visit spans its local days', async () => {
    const v = await create({ all_day: true, date: '2026-03-05', end_date: '2026-03-06', user_ids: [carol.id] });
    expect(v).toMatchObject({ all_day: true, local_date: '2026-03-05', end_local_date: '2026-03-06', starts_at: '2026-03-05T06:00:00.000Z', ends_at: '2026-03-07T06:00:00.000Z' });
    expect((await board('2026-03-06', '2026-03-06')).visits.map((x) => x.id)).toEqual([v.id]);
  });
});

describe('two dispatchers, one visit: the version', () => {
  it('the second save with the version it read is 409 with a clear message, and the first one stands', async () => {
    const v = await create({ starts_at: '2026-03-10T14:00:00Z', ends_at: '2026-03-10T15:00:00Z', user_ids: [carol.id], notes: 'Dog in the yard', arrival_window: { start: '08:00', end: '09:00' } });
    const first = await api(alice, 'PATCH', `/api/visits/${v.id}`, { version: v.version, starts_at: '2026-03-10T16:00:00Z', ends_at: '2026-03-10T17:00:00Z' });
    expect(first.statusCode, first.body).toBe(200);
    // A move changes the times only: notes, arrival window and people stay.
    expect(SavedVisitSchema.parse(first.json())).toMatchObject({ version: 2, notes: 'Dog in the yard', arrival_window: { start: '08:00', end: '09:00' }, people: [{ id: carol.id }] });
    const second = await api(alice, 'PATCH', `/api/visits/${v.id}`, { version: v.version, starts_at: '2026-03-10T18:00:00Z', ends_at: '2026-03-10T19:00:00Z' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'CONFLICT', message: VISIT_VERSION_CONFLICT });
    const now = VisitSchema.parse((await api(alice, 'GET', `/api/visits/${v.id}`)).json());
    expect(now).toMatchObject({ starts_at: '2026-03-10T16:00:00.000Z', version: 2 });
    // Two saves at once with the same version: exactly one wins, the other is told (the row's lock orders them).
    const both = await Promise.all(
      ['2026-03-11T14:00:00Z', '2026-03-12T14:00:00Z'].map((start) => api(alice, 'PATCH', `/api/visits/${v.id}`, { version: 2, starts_at: start, ends_at: start.replace('14:00', '15:00') })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(VisitSchema.parse((await api(alice, 'GET', `/api/visits/${v.id}`)).json()).version).toBe(3);
    // Without a version: 400, nothing changed.
    expect((await api(alice, 'PATCH', `/api/visits/${v.id}`, { notes: 'x' })).statusCode).toBe(400);
  });
});

describe('overlaps of the same crew or person', () => {
  it('a visit overlapping the crew (through its member) is refused without confirm_overlap, listed, and saved with it', async () => {
    // bob is in Crew A, which has the 09:00–11:00 visit on March 2 (15:00–17:00Z).
    const when = { starts_at: '2026-03-02T16:00:00Z', ends_at: '2026-03-02T18:00:00Z', user_ids: [bob.id] };
    const body = { job_id: idleJobId, ...when };
    const check = VisitConflictListSchema.parse((await api(alice, 'POST', '/api/visits/conflicts', when)).json());
    expect(check.conflicts).toHaveLength(1);
    expect(check.conflicts[0]).toMatchObject({ job_title: 'Lopez roof', user_ids: [bob.id], crew_ids: [] });
    const refused = await api(alice, 'POST', '/api/visits', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/overlaps another visit/);
    expect(refused.json().error.details[0]).toEqual({ field: 'confirm_overlap', message: 'Lopez roof (Maria Lopez): 2026-03-02 09:00–11:00' });
    expect((await board('2026-03-02', '2026-03-02')).visits).toHaveLength(1);
    const saved = await create({ ...body, confirm_overlap: true });
    expect(saved.conflicts).toHaveLength(1);
    expect((await board('2026-03-02', '2026-03-02')).visits).toHaveLength(2);
    // Back to back is no overlap; another person is none either.
    expect(VisitConflictListSchema.parse((await api(alice, 'POST', '/api/visits/conflicts', { ...when, starts_at: '2026-03-02T17:00:00Z', ends_at: '2026-03-02T18:00:00Z', user_ids: [carol.id] })).json()).conflicts).toEqual([]);
    // Two dispatchers booking bob at once: the second sees the first's visit (the workspace's schedule is locked while
    // a save checks), so one is saved and the other told of the overlap.
    const race = await Promise.all(
      ['2026-03-20T15:00:00Z', '2026-03-20T15:30:00Z'].map((start) => api(alice, 'POST', '/api/visits', { job_id: idleJobId, starts_at: start, ends_at: '2026-03-20T17:00:00Z', user_ids: [bob.id] })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Moving onto the crew's time is checked too.
    const moved = await api(alice, 'PATCH', `/api/visits/${saved.id}`, { version: saved.version, crew_ids: [crewId] });
    expect(moved.statusCode).toBe(409);
  });
});

describe('status from the phone', () => {
  let v: { id: string };
  it('the crew member goes On my way, Start, Complete with timestamps; a replay changes nothing; others may not', async () => {
    v = await create({ starts_at: '2026-03-01T16:00:00Z', ends_at: '2026-03-01T18:00:00Z', crew_ids: [crewId], confirm_overlap: true });
    expect((await api(carol, 'POST', `/api/visits/${v.id}/status`, { status: 'on_the_way' })).json().error.message).toBe(VISIT_STATUS_NOT_YOURS);
    const key = { 'idempotency-key': 'status-1' };
    const otw = await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'on_the_way' }, key);
    expect(otw.statusCode, otw.body).toBe(200);
    expect(VisitSchema.parse(otw.json())).toMatchObject({ status: 'on_the_way', on_the_way_at: clock.toISOString() });
    const replay = await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'on_the_way' }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    clock = new Date(clock.getTime() + 600_000);
    // The same status again without the key: still the first timestamp.
    expect(VisitSchema.parse((await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'on_the_way' })).json()).on_the_way_at).toBe('2026-03-01T15:00:00.000Z');
    const started = VisitSchema.parse((await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'in_progress' })).json());
    expect(started).toMatchObject({ status: 'in_progress', started_at: '2026-03-01T15:10:00.000Z' });
    expect((await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'on_the_way' })).statusCode).toBe(409);
    const done = VisitSchema.parse((await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'completed' })).json());
    expect(done.completed_at).toBe('2026-03-01T15:10:00.000Z');
  });

  it("/today lists the caller's visits of the workspace's today, with the job's tasks", async () => {
    const today = TodaySchema.parse((await api(bob, 'GET', '/api/today')).json());
    expect(today).toMatchObject({ date: '2026-03-01', time_zone: ZONE });
    expect(today.visits.map((x) => x.id)).toEqual([v.id]);
    expect(today.visits[0]).toMatchObject({ tasks_count: 1, open_tasks_count: 1, documents_count: 0 });
    expect(today.visits[0]!.tasks[0]!.description).toBe('Bring the ladder');
    expect(TodaySchema.parse((await api(carol, 'GET', '/api/today')).json()).visits).toEqual([]);
    expect(TodaySchema.parse((await api(eve, 'GET', '/api/today')).json()).visits).toEqual([]);
  });
});

describe('the Unscheduled tray', () => {
  it('lists open jobs with no visit to come, not those with one', async () => {
    const waiting = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Deck stain' })).id;
    await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Done job', status: 'completed' });
    const tray = UnscheduledTraySchema.parse((await api(bob, 'GET', '/api/schedule/unscheduled')).json());
    const titles = tray.jobs.map((j) => j.title);
    expect(titles).toContain('Deck stain');
    expect(titles).not.toContain('Done job');
    expect(titles).not.toContain('Lopez roof');
    expect(tray.jobs.find((j) => j.id === waiting)).toBeDefined();
    expect(UnscheduledTraySchema.parse((await api(eve, 'GET', '/api/schedule/unscheduled')).json()).jobs).toEqual([]);
  });

  it('lists an approved quote whose job has no visit to come, until one is scheduled', async () => {
    const sidingJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Siding', clientName: 'Ann Cho' })).id;
    const ann = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Ann Cho', phoneNumber: '5125550123', email: 'ann@example.com' })).id;
    const quote = await api(alice, 'POST', `/api/jobs/${sidingJob}/quotes`, { title: 'Siding repair', items: [{ name: 'Vinyl siding', quantity: 10, unit: 'sq', unit_price_cents: 30000 }], expires_on: '2026-03-20' });
    expect(quote.statusCode, quote.body).toBe(201);
    const quoteId: string = quote.json().id;
    expect((await api(alice, 'POST', `/api/quotes/${quoteId}/send`, { contact_id: ann, methods: ['email'] })).statusCode).toBe(200);
    const approved = await api(alice, 'POST', `/api/quotes/${quoteId}/mark-approved`, { option: null, approved_by: 'Ann Cho', method: 'verbal' });
    expect(approved.statusCode, approved.body).toBe(200);
    const tray = UnscheduledTraySchema.parse((await api(bob, 'GET', '/api/schedule/unscheduled')).json());
    expect(tray.approved_quotes.map((q) => [q.id, q.title, q.job.id, q.job.client_name])).toEqual([[quoteId, 'Siding repair', sidingJob, 'Ann Cho']]);
    await create({ job_id: sidingJob, starts_at: '2026-03-09T14:00:00Z', ends_at: '2026-03-09T20:00:00Z', user_ids: [carol.id], confirm_overlap: true });
    const after = UnscheduledTraySchema.parse((await api(bob, 'GET', '/api/schedule/unscheduled')).json());
    expect(after.approved_quotes).toEqual([]);
    expect(after.jobs.map((j) => j.id)).not.toContain(sidingJob);
  });
});

describe('repeating visits', () => {
  let seriesJob: string;
  it('a weekly 9:00 visit stays at 9:00 local across the change of March 8, materialised 120 days ahead', async () => {
    seriesJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Pool service' })).id;
    const first = await create({ job_id: seriesJob, starts_at: '2026-03-03T15:00:00Z', ends_at: '2026-03-03T16:00:00Z', user_ids: [carol.id], recurrence: { rrule: 'FREQ=WEEKLY' } });
    expect(first.recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY', occurrence_date: '2026-03-03', is_exception: false });
    const march = (await board('2026-03-01', '2026-03-31')).visits.filter((x) => x.job.id === seriesJob);
    expect(march.map((x) => x.local_date)).toEqual(['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31']);
    expect(march.map((x) => wall(x.starts_at))).toEqual(['09:00', '09:00', '09:00', '09:00', '09:00']);
    expect(march.map((x) => x.starts_at.slice(11, 16))).toEqual(['15:00', '14:00', '14:00', '14:00', '14:00']);
    // 120 days from March 1 is June 29: the last weekly Tuesday made is June 23.
    const june = (await board('2026-06-20', '2026-07-10')).visits.filter((x) => x.job.id === seriesJob);
    expect(june.map((x) => x.local_date)).toEqual(['2026-06-23']);
  });

  it('the job extends the horizon as days pass', async () => {
    clock = new Date('2026-03-20T15:00:00Z');
    // A day has passed for the runner: the series' next extension is due.
    await ctx.db.update(visitSeries).set({ nextAttemptAt: new Date('2020-01-01T00:00:00Z') });
    await startJob(ctx.db, visitSeriesJob({ db: ctx.db, now: () => clock })).drain();
    const july = (await board('2026-06-20', '2026-07-20')).visits.filter((x) => x.job.id === seriesJob);
    expect(july.map((x) => x.local_date)).toEqual(['2026-06-23', '2026-06-30', '2026-07-07', '2026-07-14']);
  });

  it("'this' makes an exception; 'all' moves the rest to 10:00 and leaves the exception; 'this_and_following' splits", async () => {
    const visitsOf = async (from: string, to: string) => (await board(from, to)).visits.filter((x) => x.job.id === seriesJob);
    const [, second] = await visitsOf('2026-03-01', '2026-03-14');
    // This one only: the 10th at 13:00 local.
    const moved = await api(alice, 'PATCH', `/api/visits/${second!.id}`, { version: second!.version, scope: 'this', starts_at: '2026-03-10T18:00:00Z', ends_at: '2026-03-10T19:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(SavedVisitSchema.parse(moved.json()).recurrence).toMatchObject({ occurrence_date: '2026-03-10', is_exception: true });
    // All: from the 17th's visit, 10:00 local.
    const third = (await visitsOf('2026-03-17', '2026-03-17'))[0]!;
    const all = await api(alice, 'PATCH', `/api/visits/${third.id}`, { version: third.version, scope: 'all', starts_at: '2026-03-17T15:00:00Z', ends_at: '2026-03-17T16:00:00Z' });
    expect(all.statusCode, all.body).toBe(200);
    const after = await visitsOf('2026-03-01', '2026-04-30');
    expect(after.map((x) => `${x.local_date} ${wall(x.starts_at)}`)).toEqual([
      '2026-03-03 10:00', // still to come on March 1: remade at 10:00 like the rest
      '2026-03-10 13:00',
      '2026-03-17 10:00',
      '2026-03-24 10:00',
      '2026-03-31 10:00',
      '2026-04-07 10:00',
      '2026-04-14 10:00',
      '2026-04-21 10:00',
      '2026-04-28 10:00',
    ]);
    // This and following from April 14: every other week from then on, at 08:00.
    const april14 = (await visitsOf('2026-04-14', '2026-04-14'))[0]!;
    const split = await api(alice, 'PATCH', `/api/visits/${april14.id}`, { version: april14.version, scope: 'this_and_following', rrule: 'FREQ=WEEKLY;INTERVAL=2', starts_at: '2026-04-14T13:00:00Z', ends_at: '2026-04-14T14:00:00Z' });
    expect(split.statusCode, split.body).toBe(200);
    const splitVisit = SavedVisitSchema.parse(split.json());
    expect(splitVisit.recurrence!.series_id).not.toBe(april14.recurrence!.series_id);
    const later = await visitsOf('2026-04-01', '2026-05-31');
    expect(later.map((x) => `${x.local_date} ${wall(x.starts_at)}`)).toEqual(['2026-04-07 10:00', '2026-04-14 08:00', '2026-04-28 08:00', '2026-05-12 08:00', '2026-05-26 08:00']);
  });

  it("cancelling 'this' keeps the occurrence as cancelled (never made again); 'all' ends the series", async () => {
    const may12 = (await board('2026-05-12', '2026-05-12')).visits.find((x) => x.job.id === seriesJob)!;
    const res = await api(alice, 'POST', `/api/visits/${may12.id}/cancel`, { version: may12.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(VisitSchema.parse(res.json())).toMatchObject({ status: 'cancelled', cancelled_at: clock.toISOString() });
    clock = new Date('2026-05-01T15:00:00Z');
    await ctx.db.update(visitSeries).set({ nextAttemptAt: new Date('2020-01-01T00:00:00Z') });
    await startJob(ctx.db, visitSeriesJob({ db: ctx.db, now: () => clock })).drain();
    const mays = (await board('2026-05-01', '2026-05-31', alice, '&include_cancelled=true')).visits.filter((x) => x.job.id === seriesJob);
    expect(mays.map((x) => `${x.local_date} ${x.status}`)).toEqual(['2026-05-12 cancelled', '2026-05-26 scheduled']);
    const may26 = mays[1]!;
    const ended = await api(alice, 'POST', `/api/visits/${may26.id}/cancel`, { version: may26.version, scope: 'all' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await board('2026-05-02', '2026-08-01')).visits.filter((x) => x.job.id === seriesJob)).toEqual([]);
    // The series is over: the runner makes none of it again.
    await ctx.db.update(visitSeries).set({ nextAttemptAt: new Date('2020-01-01T00:00:00Z') });
    clock = new Date('2026-06-01T15:00:00Z');
    await startJob(ctx.db, visitSeriesJob({ db: ctx.db, now: () => clock })).drain();
    expect((await board('2026-05-02', '2026-08-01')).visits.filter((x) => x.job.id === seriesJob)).toEqual([]);
  });
});

describe("the assistant's sources", () => {
  it('answer "when is the Lopez roof scheduled?" with the job and its visits, in the workspace zone', async () => {
    const res = await api(bob, 'POST', '/api/assistant/query', { query: 'When is the Lopez roof scheduled?', workspace_id: alice.workspaceId });
    expect(res.statusCode, res.body).toBe(200);
    const job = (res.json().sources as { type: string; content: string; metadata: Record<string, unknown> }[]).find((s) => s.type === 'job');
    expect(job, res.body).toBeDefined();
    expect(job!.content).toMatch(/^Lopez roof\. Scheduled visits: /);
    expect(job!.content).toContain('Mon 2026-03-02 09:00–11:00 (scheduled, Crew A, arrival 08:00–10:00)');
    // Another workspace's question finds nothing of it.
    const eves = await api(eve, 'POST', '/api/assistant/query', { query: 'When is the Lopez roof scheduled?', workspace_id: eve.workspaceId });
    expect(eves.body).not.toContain('Lopez');
  });
});

describe('the personal calendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const events = (ics: string) =>
    new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

  it("shows only its owner's visits, parsed back with ical.js; a reset link's old token is 404", async () => {
    expect((await api(bob, 'GET', '/api/schedule/feed')).json()).toEqual({ active: false, created_at: null });
    const made = await api(bob, 'POST', '/api/schedule/feed');
    expect(made.statusCode, made.body).toBe(200);
    const url: string = made.json().url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/public\/calendar-feeds\/[A-Za-z0-9_-]{43}$/);
    const res = await api(null, 'GET', feedPath(url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const bobs = events(res.body);
    // Bob's: the crew's visits (March 2 and the completed one on March 1), and the visit he was put on by name.
    const board2 = (await board('2026-03-01', '2026-03-31')).visits;
    const expected = board2.filter((v) => v.crews.some((c) => c.id === crewId) || v.people.some((p) => p.id === bob.id)).map((v) => `visit-${v.id}@localhost:3000`);
    expect(bobs.map((e) => e.uid).sort()).toEqual(expected.sort());
    expect(bobs.length).toBeGreaterThanOrEqual(2);
    const roof = bobs.find((e) => e.startDate.toJSDate().toISOString() === '2026-03-02T15:00:00.000Z')!;
    expect(roof.summary).toBe('Lopez roof — Maria Lopez');
    expect(roof.location).toBe('12 Oak Ave');
    expect(roof.endDate.toJSDate().toISOString()).toBe('2026-03-02T17:00:00.000Z');
    expect(roof.description).toContain('Arrival window: 08:00–10:00');
    // Carol's feed has the all-day visit and her series, none of bob's crew's.
    const carols = events((await api(null, 'GET', feedPath((await api(carol, 'POST', '/api/schedule/feed')).json().url))).body);
    expect(carols.some((e) => e.uid === roof.uid)).toBe(false);
    const allDay = carols.find((e) => e.startDate.isDate)!;
    expect(allDay.startDate.toString()).toBe('2026-03-05');
    expect(allDay.endDate.toString()).toBe('2026-03-07');
    // Reset: the old link is 404, the new one works.
    const again = await api(bob, 'POST', '/api/schedule/feed');
    expect((await api(null, 'GET', feedPath(url))).statusCode).toBe(404);
    expect((await api(null, 'GET', feedPath(again.json().url))).statusCode).toBe(200);
    expect((await api(bob, 'DELETE', '/api/schedule/feed')).statusCode).toBe(200);
    expect((await api(null, 'GET', feedPath(again.json().url))).statusCode).toBe(404);
    expect((await api(null, 'GET', '/api/public/calendar-feeds/not-a-real-token-but-long-enough-000000')).statusCode).toBe(404);
  });
});

describe("the board's answer", () => {
  it('each visit is the board part of GET /api/visits/:id and no more: instants to the millisecond in UTC, crews and people in order, a series by its id', async () => {
    clock = new Date('2026-10-01T15:00:00Z'); // the series' horizon reaches the week
    const boardJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Board shape', clientName: 'Ana Kim', propertyAddress: '1 Elm St' })).id;
    // A second crew whose name sorts before 'Crew A' only case-insensitively.
    const bTeam = CrewSchema.parse((await api(alice, 'POST', '/api/crews', { name: 'b-team', colour: 'grape', member_ids: [carol.id] })).json());
    const zTeam = CrewSchema.parse((await api(alice, 'POST', '/api/crews', { name: 'Z-team', colour: 'lime' })).json());
    // Offsets and fractions as sent: the answer is UTC with exactly three digits of milliseconds.
    const timed = await create({
      job_id: boardJob,
      starts_at: '2026-10-06T09:30:00.5-05:00',
      ends_at: '2026-10-06T18:00:00.123+02:00',
      crew_ids: [zTeam.id, crewId, bTeam.id],
      user_ids: [carol.id, bob.id],
      arrival_window: { start: '09:00', end: '10:00' },
      notes: 'Side gate',
      confirm_overlap: true,
    });
    const series = await create({ job_id: boardJob, starts_at: '2026-10-07T14:00:00Z', ends_at: '2026-10-07T15:00:00Z', recurrence: { rrule: 'FREQ=WEEKLY' } });
    const res = await api(bob, 'GET', '/api/visits?from=2026-10-05&to=2026-10-11');
    expect(res.statusCode, res.body).toBe(200);
    // On the wire each job, crew and person comes once, the visits name them by id (the crews in name order).
    const wire = VisitListSchema.parse(res.json());
    expect(wire.jobs).toEqual([{ id: boardJob, title: 'Board shape', client_name: 'Ana Kim' }]);
    expect(wire.crews.map((c) => c.id).sort()).toEqual([bTeam.id, crewId, zTeam.id].sort());
    expect(wire.people.map((p) => p.id).sort()).toEqual([bob.id, carol.id].sort());
    expect(wire.visits[0]).toMatchObject({ job_id: boardJob, crew_ids: [bTeam.id, crewId, zTeam.id], person_ids: [bob.id, carol.id].sort() });
    // What most visits have is left out: not all day, ends on its start's day, no series; the second has no crews or window.
    expect(Object.keys(wire.visits[0]!)).not.toEqual(expect.arrayContaining(['all_day', 'end_local_date', 'series_id']));
    expect(wire.visits[1]).toMatchObject({ series_id: series.recurrence!.series_id });
    expect(Object.keys(wire.visits[1]!)).not.toEqual(expect.arrayContaining(['crew_ids']));
    expect(Object.keys(wire.visits[1]!)).not.toEqual(expect.arrayContaining(['arrival_window']));
    const visits = boardVisits(wire);
    expect(visits.map((v) => v.id)).toEqual([timed.id, series.id]);
    expect(visits[0]).toMatchObject({
      starts_at: '2026-10-06T14:30:00.500Z',
      ends_at: '2026-10-06T16:00:00.123Z',
      local_date: '2026-10-06',
      crews: [
        { id: bTeam.id, name: 'b-team', colour: 'grape' },
        { id: crewId, name: 'Crew A', colour: 'teal' },
        { id: zTeam.id, name: 'Z-team', colour: 'lime' },
      ],
      people: [bob.id, carol.id].sort().map((id) => expect.objectContaining({ id })),
    });
    expect(visits[1]!.recurrence).toEqual({ series_id: series.recurrence!.series_id });
    // The same values as the visit's own answer, and nothing the board does not draw (address, notes, status times, rule).
    for (const visit of visits) {
      const full = VisitSchema.parse((await api(bob, 'GET', `/api/visits/${String(visit.id)}`)).json());
      const { job, recurrence, id, starts_at, ends_at, all_day, local_date, end_local_date, arrival_window, status, crews, people, version } = full;
      expect(visit).toStrictEqual({
        id,
        job: { id: job.id, title: job.title, client_name: job.client_name },
        starts_at,
        ends_at,
        all_day,
        local_date,
        end_local_date,
        arrival_window,
        status,
        crews,
        people,
        recurrence: recurrence && { series_id: recurrence.series_id },
        version,
      });
    }
  });

  it('a visit of the longest kind shows on its last day: 14 local days across the clock change of November 1', async () => {
    const longJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Re-roof, two weeks' })).id;
    const long = await create({ job_id: longJob, all_day: true, date: '2026-10-26', end_date: '2026-11-08' });
    expect(long).toMatchObject({ starts_at: '2026-10-26T05:00:00.000Z', ends_at: '2026-11-09T06:00:00.000Z' });
    const timed = await create({ job_id: longJob, starts_at: '2026-10-20T15:00:00Z', ends_at: '2026-11-03T15:00:00Z' });
    expect((await board('2026-11-08', '2026-11-08')).visits.filter((v) => v.job.id === longJob).map((v) => v.id)).toEqual([long.id]);
    expect((await board('2026-11-03', '2026-11-03')).visits.filter((v) => v.job.id === longJob).map((v) => v.id)).toEqual([timed.id, long.id]);
    expect((await board('2026-11-09', '2026-11-09')).visits.filter((v) => v.job.id === longJob)).toEqual([]);
  });
});
