import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { authSessions } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { uniqueEmail } from './auth.test-helpers';

/**
 * Issue 22 item 10: refresh tokens never expired. Sessions now end SESSION_MAX_LIFETIME after sign-in and
 * SESSION_INACTIVITY_TIMEOUT after their last refresh (defaults 90 and 30 days), on refresh and on API use.
 */
const DAY = 86_400_000;
let clock = new Date();
// Tests that make a database of their own: that alone takes seconds, many more on a loaded machine.
const OWN_DATABASE = { timeout: 180_000 };
let ctx: TestContext;
beforeAll(async () => {
  // The defaults (90d / 30d); AUTH_AUTOCONFIRM so that sign-up answers a session at once.
  ctx = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, { now: () => clock });
});
afterAll(() => ctx.close());

const later = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};

async function signedUp(app: TestContext = ctx) {
  const res = await app.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email: uniqueEmail('session'), password: 'secret123' } });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; user: { id: string } };
}
const refresh = (token: string, app: TestContext = ctx) =>
  app.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: token } });

describe('session inactivity timeout', () => {
  it('refreshes within 30 days of the last refresh; after 30 idle days the refresh answers session_expired and the session is gone', async () => {
    clock = new Date();
    const session = await signedUp();
    later(29);
    const first = await refresh(session.refresh_token);
    expect(first.statusCode).toBe(200);
    later(29);
    const second = await refresh(first.json().refresh_token);
    expect(second.statusCode).toBe(200);

    later(30);
    const idle = await refresh(second.json().refresh_token);
    expect(idle.statusCode).toBe(403);
    expect(idle.json()).toEqual({ code: 'session_expired', msg: 'Invalid Refresh Token: Session Expired (Inactivity)' });
    expect(await ctx.db.select().from(authSessions).where(eq(authSessions.userId, session.user.id))).toHaveLength(0);
  });
});

describe('session maximum lifetime', () => {
  it('ends 90 days after sign-in however often it was refreshed', async () => {
    clock = new Date();
    const session = await signedUp();
    let token = session.refresh_token;
    for (let i = 0; i < 4; i++) {
      later(22); // days 22, 44, 66, 88
      const res = await refresh(token);
      expect(res.statusCode, `refresh on day ${(i + 1) * 22}`).toBe(200);
      token = res.json().refresh_token;
    }
    later(3); // day 91
    const over = await refresh(token);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ code: 'session_expired', msg: 'Invalid Refresh Token: Session Expired' });
  });
});

describe('an ended session on API use', () => {
  it('answers 401 at /api and session_expired at /auth/v1 for an access token of a session past its limits', async () => {
    clock = new Date();
    const session = await signedUp();
    const headers = { authorization: `Bearer ${session.access_token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers })).statusCode).toBe(200);

    // The access token itself is still within its hour (it is checked against the real time); the session is not.
    later(31);
    // On PostgreSQL a verified session is remembered for up to 10 s (ADR 0004): the test does not wait for it.
    ctx.app.actorCache.forgetAll();
    const api = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(api.statusCode).toBe(401);
    expect(api.json().error.code).toBe('UNAUTHORIZED');
    const user = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ code: 'session_expired', msg: 'Session Expired' });
  });

  it('a new sign-in drops the user’s ended sessions', async () => {
    clock = new Date();
    const email = uniqueEmail('returning');
    const first = await ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email, password: 'secret123' } });
    const userId = first.json().user.id as string;
    later(40);
    const again = await ctx.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password: 'secret123' } });
    expect(again.statusCode).toBe(200);
    const rows = await ctx.db.select().from(authSessions).where(eq(authSessions.userId, userId));
    const newSessionId = JSON.parse(Buffer.from(String(again.json().access_token).split('.')[1]!, 'base64url').toString()).session_id;
    expect(rows.map((r) => r.id)).toEqual([newSessionId]);
  });
});

describe('configuration', () => {
  it('reads seconds or durations, 0 turning a limit off; anything else is refused', () => {
    const base = { NODE_ENV: 'test' as const };
    expect(loadConfig(base)).toMatchObject({ sessionMaxLifetimeSeconds: 90 * 86400, sessionInactivityTimeoutSeconds: 30 * 86400 });
    expect(loadConfig({ ...base, SESSION_MAX_LIFETIME: '12h', SESSION_INACTIVITY_TIMEOUT: '3600' })).toMatchObject({ sessionMaxLifetimeSeconds: 43_200, sessionInactivityTimeoutSeconds: 3600 });
    expect(loadConfig({ ...base, SESSION_MAX_LIFETIME: '0', SESSION_INACTIVITY_TIMEOUT: '45m' })).toMatchObject({ sessionMaxLifetimeSeconds: 0, sessionInactivityTimeoutSeconds: 2700 });
    expect(() => loadConfig({ ...base, SESSION_INACTIVITY_TIMEOUT: 'soon' })).toThrow(/SESSION_INACTIVITY_TIMEOUT must be seconds or a duration/);
  });

  it('with SESSION_MAX_LIFETIME=0 and SESSION_INACTIVITY_TIMEOUT=0 a session never ends', OWN_DATABASE, async () => {
    const forever = await createTestApp({ AUTH_AUTOCONFIRM: 'true', SESSION_MAX_LIFETIME: '0', SESSION_INACTIVITY_TIMEOUT: '0' }, { now: () => clock });
    try {
      clock = new Date();
      const session = await signedUp(forever);
      later(400);
      expect((await refresh(session.refresh_token, forever)).statusCode).toBe(200);
    } finally {
      await forever.close();
    }
  });
});
