import { MyWorkspaceSchema, TIME_ZONE_INVALID, WorkspaceSchema, WorkspaceSummarySchema } from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { workspaceTimeZone } from './index';

/** The workspace's time zone (design.md §4; issues 32, 33, 34): set at creation from the browser, changed by its owner. */
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx, { role: 'admin', workspaceName: 'HQ' });
  owner = await createTestUser(ctx, { workspaceName: 'Zoned Roofing' });
});
afterAll(() => ctx.close());

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
const zoneOf = async (workspaceId: string) => (await ctx.db.select({ z: workspaces.timeZone }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.z;

/** POST /auth/v1/signup as the web's sign-up form sends it; answers the new personal workspace's zone. */
async function signUpZone(data: Record<string, unknown>): Promise<string | undefined> {
  const res = await ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email: `tz-${randomUUID().slice(0, 8)}@example.com`, password: 'secret123', data } });
  expect(res.statusCode).toBe(200);
  const [row] = await ctx.db.select({ z: workspaces.timeZone }).from(workspaces).where(eq(workspaces.ownerId, res.json().id));
  return row?.z;
}

describe('workspace time zone', () => {
  it('a sign-up’s personal workspace takes the browser’s zone; none, junk or an offset give UTC', async () => {
    expect(await signUpZone({ time_zone: 'Europe/Warsaw' })).toBe('Europe/Warsaw');
    expect(await signUpZone({ time_zone: 'america/new_york' })).toBe('America/New_York');
    expect(await signUpZone({})).toBe('UTC');
    expect(await signUpZone({ time_zone: 'Mars/Olympus' })).toBe('UTC');
    expect(await signUpZone({ time_zone: '+02:00' })).toBe('UTC');
    expect(await signUpZone({ time_zone: 42 })).toBe('UTC');
  });

  it('is in the workspace read shape, and the owner changes it; a save without it keeps it', async () => {
    const mine = MyWorkspaceSchema.parse((await call(owner, 'GET', '/api/my-workspace')).json());
    expect(mine.workspace?.time_zone).toBe('UTC');
    const saved = await call(owner, 'PUT', '/api/my-workspace', { name: 'Zoned Roofing', time_zone: 'Australia/Lord_Howe' });
    expect(saved.statusCode).toBe(200);
    expect(WorkspaceSchema.parse(saved.json()).time_zone).toBe('Australia/Lord_Howe');
    expect(await workspaceTimeZone(ctx.db, owner.workspaceId!)).toBe('Australia/Lord_Howe');
    expect((await call(owner, 'PUT', '/api/my-workspace', { name: 'Zoned Roofing LLC' })).statusCode).toBe(200);
    expect(await zoneOf(owner.workspaceId!)).toBe('Australia/Lord_Howe');
  });

  it('is read inside a caller’s transaction from that transaction (its own uncommitted change), and UTC for no workspace', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.update(workspaces).set({ timeZone: 'Asia/Kathmandu' }).where(eq(workspaces.id, admin.workspaceId!));
        expect(await workspaceTimeZone(tx, admin.workspaceId!)).toBe('Asia/Kathmandu');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await workspaceTimeZone(ctx.db, admin.workspaceId!)).toBe('UTC');
    expect(await workspaceTimeZone(ctx.db, randomUUID())).toBe('UTC');
  });

  it('refuses a zone that is not one, naming the field, and changes nothing', async () => {
    for (const time_zone of ['Mars/Olympus', '+01:00', '', 'Europe/Warsaw; DROP TABLE workspaces', 7]) {
      const res = await call(owner, 'PUT', '/api/my-workspace', { name: 'Renamed', time_zone });
      expect(res.statusCode, String(time_zone)).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'time_zone', message: TIME_ZONE_INVALID }]);
    }
    const [row] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId!));
    expect(row).toMatchObject({ name: 'Zoned Roofing LLC', timeZone: 'Australia/Lord_Howe' });
  });

  it('a member who does not own the workspace cannot change it', async () => {
    const member = await createTestUser(ctx, { workspaceId: owner.workspaceId });
    expect((await call(member, 'PUT', '/api/my-workspace', { name: 'Zoned Roofing LLC', time_zone: 'UTC' })).statusCode).toBe(403);
    expect(await zoneOf(owner.workspaceId!)).toBe('Australia/Lord_Howe');
  });

  it('a workspace created in My Workspace starts in the zone sent, else UTC', async () => {
    const sent = await createTestUser(ctx, { workspaceId: null });
    const created = WorkspaceSchema.parse((await call(sent, 'PUT', '/api/my-workspace', { name: 'New Co', time_zone: 'Pacific/Chatham' })).json());
    expect(created.time_zone).toBe('Pacific/Chatham');
    const unsent = await createTestUser(ctx, { workspaceId: null });
    expect(WorkspaceSchema.parse((await call(unsent, 'PUT', '/api/my-workspace', { name: 'Other Co' })).json()).time_zone).toBe('UTC');
  });

  it('an admin creates a workspace in the zone sent (UTC without), and editing its name keeps it', async () => {
    const created = WorkspaceSummarySchema.parse((await call(admin, 'POST', '/api/workspaces', { name: 'Admin Made', time_zone: 'America/Santiago' })).json());
    expect(created.time_zone).toBe('America/Santiago');
    const edited = WorkspaceSummarySchema.parse((await call(admin, 'PUT', `/api/workspaces/${created.id}`, { name: 'Admin Made 2' })).json());
    expect(edited.time_zone).toBe('America/Santiago');
    expect(WorkspaceSummarySchema.parse((await call(admin, 'POST', '/api/workspaces', { name: 'No Zone' })).json()).time_zone).toBe('UTC');
    expect((await call(admin, 'POST', '/api/workspaces', { name: 'Bad Zone', time_zone: 'Nowhere/Land' })).statusCode).toBe(400);
  });

  it('workspaceTimeZone answers UTC for a workspace that does not exist', async () => {
    expect(await workspaceTimeZone(ctx.db, randomUUID())).toBe('UTC');
  });
});
