import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../test/setup-app';
import { authSessions } from '../db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('auth guard', () => {
  it('answers 401 with the error envelope without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/anything' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
  });

  it('answers 401 for a forged token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/anything', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid or expired session');
  });

  it('answers 401 once the session row is gone (logout takes effect at once)', async () => {
    const user = await createTestUser(ctx);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: user.headers });
    expect(before.statusCode).toBe(404);
    await ctx.db.delete(authSessions).where(eq(authSessions.id, user.sessionId));
    const after = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: user.headers });
    expect(after.statusCode).toBe(401);
  });

  it('answers under /api/multi-workspace/ as under /api/', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/multi-workspace/anything' });
    expect(res.statusCode).toBe(401);
  });
});
