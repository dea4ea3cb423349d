import type { AddressInfo } from 'node:net';
import { isAuthApiError } from '@supabase/auth-js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, profiles, refreshTokens } from '../../db/schema';
import { createTestApp } from '../../test/setup-app';
import { authJsSuite, fragmentOf, lastLink, uniqueEmail } from './auth.test-helpers';

/**
 * Auth contract: the real server on a port, driven by the unmodified @supabase/auth-js GoTrueClient.
 * If these pass, the web client's sign-in, sign-up, sessions and refresh work against our server.
 */

const suite = authJsSuite();
const { auth } = suite;
const { client, onServer, confirmedUser, signedIn } = auth;

const apiStatus = async (accessToken: string) =>
  (await fetch(`${auth.base}/api/does-not-exist`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe('auth-js contract: sign-up and sign-in', () => {
  it('signs up with email confirmation: link → /login, then sign-in', async () => {
    const email = uniqueEmail();
    const c = client();
    const signUp = await c.signUp({ email, password: 'secret123', options: { data: { phone_number: '5125550142', sms_opt_in: true } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);

    const early = await c.signInWithPassword({ email, password: 'secret123' });
    expect(early.error?.code).toBe('email_not_confirmed');

    const res = await fetch(onServer((await lastLink(suite.ctx, email)).url), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/login#')).toBe(true);
    expect(fragmentOf(location).type).toBe('signup');

    const { data, error } = await c.signInWithPassword({ email, password: 'secret123' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const [profile] = await suite.ctx.db.select().from(profiles).where(eq(profiles.id, data.user!.id));
    expect(profile?.phoneNumber).toBe('+15125550142');
  });

  it('signs up with autoconfirm and gets a session at once', async () => {
    const auto = await createTestApp({ AUTH_AUTOCONFIRM: 'true' });
    try {
      await auto.app.listen({ port: 0, host: '127.0.0.1' });
      const c = client(`http://127.0.0.1:${(auto.app.server.address() as AddressInfo).port}/auth/v1`);
      const email = uniqueEmail();
      const { data, error } = await c.signUp({ email, password: 'secret123' });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      const user = await c.getUser();
      expect(user.data.user?.email).toBe(email);
    } finally {
      await auto.close();
    }
  });

  it('answers a wrong password and an unknown user with the same error', async () => {
    const email = await confirmedUser();
    const wrong = await client().signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await client().signInWithPassword({ email: uniqueEmail('ghost'), password: 'not-the-password' });
    for (const r of [wrong, unknown]) {
      expect(isAuthApiError(r.error)).toBe(true);
      expect(r.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('getUser returns the signed-in user', async () => {
    const email = await confirmedUser();
    const { c } = await signedIn(email);
    const { data, error } = await c.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', app_metadata: { provider: 'email' } });
    expect(data.user?.identities?.[0]?.provider).toBe('email');
  });
});

describe('auth-js contract: sessions', () => {
  it('refreshSession rotates the refresh token', async () => {
    const email = await confirmedUser();
    const { c, session } = await signedIn(email);
    const { data, error } = await c.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(await apiStatus(data.session!.access_token)).toBe(404);
  });

  it('reuse of a rotated refresh token after the 10 s window revokes the session', async () => {
    const email = await confirmedUser();
    const { c, session } = await signedIn(email);
    const rotated = (await c.refreshSession()).data.session!;
    // Age the rotation past the reuse window.
    const sessionId = (await suite.ctx.signer.verify(session.access_token))!.session_id;
    await suite.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 11_000) })
      .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, true)));

    const thief = client();
    const reuse = await thief.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect(await apiStatus(rotated.access_token)).toBe(401);
    const victim = await c.refreshSession();
    expect(victim.error?.code).toBe('refresh_token_not_found');
  });

  it('signOut scopes: others keeps this session, local ends it, global ends all', async () => {
    const email = await confirmedUser();
    const a = await signedIn(email);
    const b = await signedIn(email);
    const others = await a.c.signOut({ scope: 'others' });
    expect(others.error).toBeNull();
    expect(await apiStatus(a.session.access_token)).toBe(404);
    expect(await apiStatus(b.session.access_token)).toBe(401);
    expect((await b.c.getUser()).error).toBeTruthy();

    expect((await a.c.signOut({ scope: 'local' })).error).toBeNull();
    expect(await apiStatus(a.session.access_token)).toBe(401);
    expect((await a.c.getSession()).data.session).toBeNull();

    const x = await signedIn(email);
    const y = await signedIn(email);
    expect((await x.c.signOut()).error).toBeNull();
    expect(await apiStatus(x.session.access_token)).toBe(401);
    expect(await apiStatus(y.session.access_token)).toBe(401);
    const sessionsLeft = await suite.ctx.db.select().from(authSessions).where(eq(authSessions.userId, x.session.user.id));
    expect(sessionsLeft).toHaveLength(0);
  });
});

describe('auth-js contract: rate limit', () => {
  it('surfaces 429 over_request_rate_limit as an AuthApiError', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const c = client(`http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}/auth/v1`);
      for (let i = 0; i < 2; i++) expect((await c.signInWithPassword({ email: 'x@example.com', password: 'secret123' })).error?.status).toBe(400);
      const { error } = await c.signInWithPassword({ email: 'x@example.com', password: 'secret123' });
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      await limited.close();
    }
  });
});
