import { ProfileSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext } from '../../test/setup-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('GET /api/profile', () => {
  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it("returns the caller's profile with default_workspace_id equal to workspace_id", async () => {
    const user = await createTestUser(ctx, { email: 'ada@example.com', role: 'admin' });
    await ctx.db.update(profiles).set({ fullName: 'Ada Lovelace', phoneNumber: '+15551234567' }).where(eq(profiles.id, user.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const body = ProfileSchema.parse(res.json());
    expect(body).toMatchObject({
      id: user.id,
      email: 'ada@example.com',
      user_name: 'ada',
      full_name: 'Ada Lovelace',
      phone_number: '+15551234567',
      role: 'admin',
      workspace_id: user.workspaceId,
      default_workspace_id: user.workspaceId,
    });
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
  });

  it('reports no workspace as null for a user without one', async () => {
    const user = await createTestUser(ctx, { workspaceId: null });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'user', workspace_id: null, default_workspace_id: null });
  });

  it('only ever returns the caller (another user sees their own)', async () => {
    const a = await createTestUser(ctx);
    const b = await createTestUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: b.headers });
    expect(res.json().id).toBe(b.id);
    expect(res.json().id).not.toBe(a.id);
  });

  it('answers 404 when the account has no profile row', async () => {
    const user = await createTestUser(ctx);
    await ctx.db.delete(profiles).where(eq(profiles.id, user.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Profile not found' } });
  });

  it('answers under /api/multi-workspace/ as under /api/', async () => {
    const user = await createTestUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/multi-workspace/profile', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/multi-workspace/profile' })).statusCode).toBe(401);
  });
});
