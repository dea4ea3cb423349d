import { MarkAllReadSchema, NotificationListSchema, NotificationSchema, UnreadCountSchema } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { notifications } from './notifications.schema';
import { notify, unreadCountSql } from './notifications.service';

let ctx: TestContext;
let alice: TestUser; // the workspace's owner
let bob: TestUser; // another member of alice's workspace
let eve: TestUser; // another workspace
let nomad: TestUser; // signed in, in no workspace
let jobId: string;

const api = (user: TestUser | null, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(method === 'POST' ? { payload: {} } : {}) });
const listOf = async (user: TestUser, query = '') => {
  const res = await api(user, 'GET', `/api/my-notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListSchema.parse(res.json());
};
const unreadOf = async (user: TestUser) => UnreadCountSchema.parse((await api(user, 'GET', '/api/my-notifications/unread-count')).json()).unread;

const tell = (userIds: (string | null)[], title = 'Quote Q-1001 approved by Maria Garcia', workspaceId = alice.workspaceId!) =>
  notify(ctx.db, { workspaceId, userIds, kind: 'quote_approved', title, body: 'Roof replacement · $5,585.70', link: `/jobs/${jobId}?quote=00000000-0000-4000-8000-000000000001`, jobId });

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  nomad = await createTestUser(ctx, { workspaceId: null });
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Roof replacement' })).id;
});
afterAll(() => ctx.close());

describe('notify (the feature’s public entry)', () => {
  it('writes one row per member named, each once; people outside the workspace are left out', async () => {
    const told = await tell([alice.id, alice.id, bob.id, eve.id, nomad.id, null]);
    expect(told.sort()).toEqual([alice.id, bob.id].sort());
    expect((await listOf(alice)).notifications).toHaveLength(1);
    expect((await listOf(eve)).notifications).toEqual([]);
    await expect(notify(ctx.db, { workspaceId: alice.workspaceId!, userIds: [alice.id], kind: 'quote_approved', title: 'x', body: '', link: 'https://evil.example/', jobId: null })).rejects.toThrow();
  });
});

describe('notify and the user’s settings (spec 001 §2)', () => {
  it('leaves out whoever turned notifications off — no row, not a hidden one; turned on again, the next one arrives', async () => {
    const erin = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    const frank = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    const settings = async (user: TestUser, body: Record<string, boolean>) =>
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: user.headers, payload: body })).statusCode).toBe(200);
    await settings(erin, { notifications_enabled: false });
    await settings(frank, { email_notifications: false, sms_notifications: false }); // email and SMS off: the app's own stay on
    expect(await tell([erin.id, frank.id])).toEqual([frank.id]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, erin.id))).toEqual([]);
    expect(await unreadOf(erin)).toBe(0);
    expect(await unreadOf(frank)).toBe(1);

    // Inside the caller's transaction too (as a quote's decision calls it): one statement after the other.
    await settings(erin, { notifications_enabled: true });
    expect(await unreadOf(erin)).toBe(0); // nothing held back while it was off
    expect(await ctx.db.transaction((tx) => notify(tx, { workspaceId: alice.workspaceId!, userIds: [erin.id, frank.id], kind: 'quote_declined', title: 'Quote Q-1002 declined', body: '', link: `/jobs/${jobId}`, jobId }))).toEqual([erin.id, frank.id]);
    expect((await listOf(erin)).notifications.map((n) => n.title)).toEqual(['Quote Q-1002 declined']);
  });
});

describe('my notifications', () => {
  it('lists mine newest first, paged, with the total and the unread count; the count matches', async () => {
    for (let i = 0; i < 4; i++) await tell([alice.id], `Quote Q-10${10 + i} approved by Maria Garcia`);
    const first = await listOf(alice, '?limit=2');
    expect(first.notifications.map((n) => n.title)).toEqual(['Quote Q-1013 approved by Maria Garcia', 'Quote Q-1012 approved by Maria Garcia']);
    expect(first).toMatchObject({ total: 5, unread: 5 });
    expect(first.notifications[0]).toMatchObject({ kind: 'quote_approved', link: `/jobs/${jobId}?quote=00000000-0000-4000-8000-000000000001`, job_id: jobId, read_at: null });
    const rest = await listOf(alice, '?limit=2&offset=4');
    expect(rest.notifications.map((n) => n.title)).toEqual(['Quote Q-1001 approved by Maria Garcia']);
    expect(await unreadOf(alice)).toBe(5);
    expect(await unreadOf(bob)).toBe(1);
  });

  it('marks one read (again: unchanged), then all; the count follows', async () => {
    const [newest] = (await listOf(alice)).notifications;
    const res = await api(alice, 'POST', `/api/my-notifications/${newest!.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    const read = NotificationSchema.parse(res.json());
    expect(read.read_at).not.toBeNull();
    const again = NotificationSchema.parse((await api(alice, 'POST', `/api/my-notifications/${newest!.id}/read`)).json());
    expect(again.read_at).toBe(read.read_at);
    expect(await unreadOf(alice)).toBe(4);

    const all = await api(alice, 'POST', '/api/my-notifications/read-all');
    expect(all.statusCode, all.body).toBe(200);
    expect(MarkAllReadSchema.parse(all.json())).toEqual({ marked: 4 });
    expect(await unreadOf(alice)).toBe(0);
    expect((await listOf(alice)).unread).toBe(0);
    // Bob's own is still unread: read-all is the caller's alone.
    expect(await unreadOf(bob)).toBe(1);
  });

  it('authorization (design.md §9): signed out 401; another user’s or another workspace’s notification 404, nothing changed', async () => {
    for (const [method, url] of [
      ['GET', '/api/my-notifications'],
      ['GET', '/api/my-notifications/unread-count'],
      ['POST', `/api/my-notifications/${crypto.randomUUID()}/read`],
      ['POST', '/api/my-notifications/read-all'],
    ] as const) {
      expect((await api(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    const [bobs] = (await listOf(bob)).notifications;
    // Alice, in the same workspace, cannot read Bob's; Eve, in another, neither; nor someone in no workspace.
    for (const other of [alice, eve, nomad]) {
      const res = await api(other, 'POST', `/api/my-notifications/${bobs!.id}/read`);
      expect(res.statusCode, other.email).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Notification not found' } });
      expect((await listOf(other)).notifications.map((n) => n.id)).not.toContain(bobs!.id);
    }
    // Eve's read-all does not touch Bob's.
    await api(eve, 'POST', '/api/my-notifications/read-all');
    expect(await unreadOf(bob)).toBe(1);
    // No workspace: an empty list and count, not an error (the bell is in every signed-in screen).
    expect(await listOf(nomad)).toEqual({ notifications: [], total: 0, unread: 0 });
    expect(await unreadOf(nomad)).toBe(0);
    expect((await api(bob, 'GET', '/api/my-notifications/unread-count')).statusCode).toBe(200);
  });

  it('someone who left the workspace no longer sees its notifications', async () => {
    const carol = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    await tell([carol.id]);
    expect(await unreadOf(carol)).toBe(1);
    await ctx.db.update(profiles).set({ workspaceId: eve.workspaceId }).where(eq(profiles.id, carol.id));
    // On PostgreSQL a verified session is remembered until the change's notification arrives: forget it now.
    ctx.app.actorCache.forgetUser(carol.id);
    expect(await unreadOf(carol)).toBe(0);
    expect((await listOf(carol)).notifications).toEqual([]);
  });

  it('counts at most 100 unread (the bell shows 99+)', async () => {
    const dave = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    for (let i = 0; i < 105; i += 15) await Promise.all(Array.from({ length: 15 }, () => tell([dave.id])));
    expect(await unreadOf(dave)).toBe(100);
    expect((await listOf(dave, '?limit=1')).total).toBe(105);
  });

  it('the unread count is one statement the partial index answers', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(sql`EXPLAIN ${unreadCountSql(alice.id, alice.workspaceId!)}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('notifications_unread_idx');
  });
});
