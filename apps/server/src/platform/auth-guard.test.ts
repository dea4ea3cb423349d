import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../test/setup-app';
import { authSessions } from '../db/schema';
import { eq } from 'drizzle-orm';
import { ActorCache } from './actor-cache';
import { knownActor, type Actor } from './auth-guard';
import { createTokenSigner } from './tokens';

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

  it('answers 401 once the session row is gone', async () => {
    const user = await createTestUser(ctx);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: user.headers });
    expect(before.statusCode).toBe(404);
    // Deleted behind the app's back, not through /auth/v1/logout (which is refused at once everywhere: auth tests).
    await ctx.db.delete(authSessions).where(eq(authSessions.id, user.sessionId));
    // Without remembered sessions (PGlite) the very next request is refused; with them (PostgreSQL, ADR 0004) as soon
    // as the deletion's notification has arrived — polled here for at most 2 s, far below the 10 s TTL.
    let attempts = 0;
    let status: number;
    const until = Date.now() + 2000;
    do {
      attempts++;
      status = (await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: user.headers })).statusCode;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 10));
    } while (Date.now() < until);
    expect(status).toBe(401);
    if (!ctx.app.actorCache.isEnabled) expect(attempts).toBe(1);
  });

  it('answers under /api/multi-workspace/ as under /api/', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/multi-workspace/anything' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the caller known without waiting (knownActor)', () => {
  const signer = createTokenSigner('known-actor-secret-known-actor-secret-0123', 'http://localhost/auth/v1');
  const actor: Actor = { userId: 'u1', email: 'a@example.com', role: 'user', workspaceId: 'w1', sessionId: 's1', aal: 'aal1' };
  const claims = { sub: 'u1', email: 'a@example.com', phone: '', session_id: 's1', aal: 'aal1' as const, amr: [], app_metadata: {}, user_metadata: {}, is_anonymous: false };

  it('answers only for a token verified before whose session is remembered, else leaves it to the lookup', async () => {
    const cache = new ActorCache();
    cache.enable();
    const { token } = await signer.sign(claims, new Date());
    expect(knownActor(signer, cache, token)).toBeUndefined(); // never verified
    await signer.verify(token);
    expect(knownActor(signer, cache, token)).toBeUndefined(); // verified, session not remembered
    cache.remember(actor, cache.epoch);
    expect(knownActor(signer, cache, token)).toEqual(actor);
    cache.forgetUser('u1'); // a revocation's notification
    expect(knownActor(signer, cache, token)).toBeUndefined();
    cache.remember(actor, cache.epoch);
    cache.disable(); // the listener is gone: nothing is answered from memory
    expect(knownActor(signer, cache, token)).toBeUndefined();
    expect(knownActor(signer, undefined, token)).toBeUndefined();
  });

  it('refuses a token it verified once that has expired since', async () => {
    const cache = new ActorCache();
    cache.enable();
    const { token } = await signer.sign(claims, new Date(Date.now() - 3599_000));
    await signer.verify(token);
    cache.remember(actor, cache.epoch);
    expect(knownActor(signer, cache, token)).toEqual(actor);
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 2000);
    try {
      expect(knownActor(signer, cache, token)).toBeNull();
    } finally {
      later.mockRestore();
    }
  });
});
