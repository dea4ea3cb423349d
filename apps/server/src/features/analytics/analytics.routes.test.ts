import { RecordingAnalyticsSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings, workspaces } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// A controllable clock: "now" is noon UTC on Wednesday 2026-11-25.
const NOW = new Date('2026-11-25T12:00:00Z');
let ctx: TestContext;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let gone: TestUser;

const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
async function recording(user: TestUser, opts: { at: Date; name: string; bytes: number; direction?: 'incoming' | 'outgoing' | 'unknown'; recordedAt?: Date }) {
  await ctx.db.insert(recordings).values({
    workspaceId: user.workspaceId!,
    userId: user.id,
    fileName: opts.name,
    fileType: 'm4a',
    mimeType: 'audio/mp4',
    fileSize: opts.bytes,
    direction: opts.direction ?? 'unknown',
    status: 'stored',
    storageKey: `recordings/${user.workspaceId}/${crypto.randomUUID()}`,
    createdAt: opts.at,
    recordedAt: opts.recordedAt ?? null,
  });
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => NOW });
  admin = await createTestUser(ctx, { role: 'admin', workspaceName: 'Admin HQ' });
  alice = await createTestUser(ctx, { workspaceName: 'Alpha Roofing' });
  bob = await createTestUser(ctx, { workspaceName: 'Beta Builders' });
  gone = await createTestUser(ctx, { workspaceName: 'Gone Gutters' });
  await recording(alice, { at: daysAgo(0.5), name: 'incoming_20261124_153012_5125550100_a.m4a', bytes: 1000, direction: 'incoming' });
  await recording(alice, { at: daysAgo(1.5), name: 'outgoing-call.m4a', bytes: 2000, direction: 'outgoing' }); // as the upload reads the name's start
  await recording(alice, { at: daysAgo(20), name: 'voicemail.m4a', bytes: 3000 });
  await recording(bob, { at: daysAgo(3), name: 'incoming-x.m4a', bytes: 5000, direction: 'incoming' });
  await recording(bob, { at: daysAgo(60), name: 'old.m4a', bytes: 7000 }); // only in 90 and 365
  await recording(bob, { at: daysAgo(300), name: 'older.m4a', bytes: 11000 }); // only in 365
  await recording(gone, { at: daysAgo(2), name: 'x.m4a', bytes: 13000 });
  // Uploaded today, but the call was 400 days ago: it counts on the call's day, outside every range.
  await recording(alice, { at: daysAgo(0.1), name: 'late.m4a', bytes: 17000, recordedAt: daysAgo(400) });
  await ctx.db.update(workspaces).set({ deletedAt: NOW }).where(eq(workspaces.id, gone.workspaceId!));
});
afterAll(() => ctx.close());

const get = async (user: TestUser, q = '') => ctx.app.inject({ method: 'GET', url: `/api/analytics/recordings${q}`, headers: user.headers });
const analytics = async (q = '') => RecordingAnalyticsSchema.parse((await get(admin, q)).json());

describe('workspace analytics', () => {
  it('is for administrators only', async () => {
    expect((await get(alice)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/analytics/recordings' })).statusCode).toBe(401);
    expect((await get(admin, '?days=14')).statusCode).toBe(400);
  });

  it('30 days by default: per workspace (most first), storage, direction, daily buckets with empty ones at 0', async () => {
    const a = await analytics();
    expect(a).toMatchObject({ days: 30, bucket: 'day', to: NOW.toISOString(), total: { count: 5, bytes: 24000 } });
    expect(a.by_workspace).toEqual([
      { workspace_id: alice.workspaceId, label: 'Alpha Roofing', count: 3, bytes: 6000 },
      { workspace_id: bob.workspaceId, label: 'Beta Builders', count: 1, bytes: 5000 },
      { workspace_id: gone.workspaceId, label: `Workspace ${gone.workspaceId!.slice(0, 6)}`, count: 1, bytes: 13000 },
    ]);
    expect(a.direction).toEqual({ incoming: 2, outgoing: 1, unknown: 2 });
    expect(a.timeline).toHaveLength(31); // 2026-10-26 … 2026-11-25
    expect(a.timeline[0]).toEqual({ start: '2026-10-26', count: 0 });
    expect(a.timeline.at(-1)).toEqual({ start: '2026-11-25', count: 1 });
    expect(a.timeline.find((b) => b.start === '2026-11-24')).toEqual({ start: '2026-11-24', count: 1 });
    expect(a.timeline.reduce((n, b) => n + b.count, 0)).toBe(5);
  });

  it('weekly buckets for 90 days, monthly for a year, and one workspace at a time', async () => {
    const q = await analytics('?days=90');
    expect(q.bucket).toBe('week');
    expect(q.total.count).toBe(6);
    expect(q.timeline.every((b) => new Date(`${b.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true); // weeks start on Monday
    const y = await analytics('?days=365');
    expect(y.bucket).toBe('month');
    expect(y.timeline.map((b) => b.start)[0]).toBe('2025-11-01');
    expect(y.timeline).toHaveLength(13);
    expect(y.total.count).toBe(7);
    const bobOnly = await analytics(`?days=365&workspace_id=${bob.workspaceId}`);
    expect(bobOnly.by_workspace.map((w) => w.label)).toEqual(['Beta Builders']);
    expect(bobOnly.total).toEqual({ count: 3, bytes: 23000 });
    const week = await analytics('?days=7');
    expect(week.timeline).toHaveLength(8);
    expect(week.total.count).toBe(4);
  });

  it('groups days in the viewer’s time zone: a 7:30 PM call in Chicago is on its Chicago day, not the next UTC day', async () => {
    const carol = await createTestUser(ctx, { workspaceName: 'Chicago Crew' });
    // 23 November 2026, 7:30 PM CST = 24 November 01:30 UTC (as an upload with time_zone America/Chicago stores it).
    await recording(carol, { at: daysAgo(1), name: 'incoming_20261123_193000_5125550100_c.m4a', bytes: 100, direction: 'incoming', recordedAt: new Date('2026-11-24T01:30:00Z') });
    const day = (a: { timeline: { start: string; count: number }[] }, start: string) => a.timeline.find((b) => b.start === start)?.count;
    const chicago = await analytics(`?days=7&workspace_id=${carol.workspaceId}&time_zone=America/Chicago`);
    expect(day(chicago, '2026-11-23')).toBe(1);
    expect(day(chicago, '2026-11-24')).toBe(0);
    // Buckets are the zone's days: the range's last day is today in Chicago (it is 6 AM there).
    expect(chicago.timeline.at(-1)?.start).toBe('2026-11-25');
    // Without a zone the days are UTC days, as before.
    const utc = await analytics(`?days=7&workspace_id=${carol.workspaceId}`);
    expect(day(utc, '2026-11-24')).toBe(1);
    // Weeks and months start at the zone's midnight too.
    expect((await analytics(`?days=90&workspace_id=${carol.workspaceId}&time_zone=America/Chicago`)).total.count).toBe(1);
    // An unknown zone is a 400 naming the field.
    const bad = await get(admin, '?time_zone=Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('time_zone');
  });
});
