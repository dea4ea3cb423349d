import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, outboxMessages, refreshTokens, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { fragmentOf, lastLink, mailsTo, passwordLogin, signUpConfirmed, uniqueEmail } from './auth.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/auth/v1${url}`, payload: payload as object, headers });
const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;

describe('GoTrue error shape', () => {
  it('answers errors as { code, msg } with the API version header, 404s included', async () => {
    const res = await post('/token?grant_type=password', { email: 'nobody@example.com', password: 'whatever1' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(res.json()).toEqual({ code: 'invalid_credentials', msg: 'Invalid login credentials' });

    const missing = await ctx.app.inject({ method: 'GET', url: '/auth/v1/no-such-endpoint' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(missing.json()).toEqual({ code: 'not_found', msg: 'Not Found' });
  });

  it('answers malformed JSON with bad_json and a wrongly typed field with validation_failed naming it', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_json');
    const typed = await post('/signup', { email: 42, password: 'secret123' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().code).toBe('validation_failed');
    expect(typed.json().msg).toMatch(/^email: /);
  });

  it('answers the health and settings endpoints', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/v1/health' })).json().name).toBe('GoTrue');
    const settings = (await ctx.app.inject({ method: 'GET', url: '/auth/v1/settings' })).json();
    expect(settings).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: false });
  });
});

describe('POST /signup validation', () => {
  it('rejects bad input with GoTrue codes and writes nothing', async () => {
    const before = await userCount();
    const cases: Array<[unknown, number, string, string]> = [
      [{ password: 'secret123' }, 400, 'validation_failed', 'To signup, please provide your email'],
      [{ email: 'not-an-email', password: 'secret123' }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
      [{ email: uniqueEmail() }, 422, 'validation_failed', 'Signup requires a valid password'],
      [{ email: uniqueEmail(), password: '12345' }, 422, 'weak_password', 'Password should be at least 6 characters.'],
    ];
    for (const [payload, status, code, msg] of cases) {
      const res = await post('/signup', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ code, msg });
    }
    const weak = await post('/signup', { email: uniqueEmail(), password: 'abc' });
    expect(weak.json().weak_password).toEqual({ reasons: ['length'] });
    expect(await userCount()).toBe(before);
  });
});

describe('sign-up with email confirmation', () => {
  it('returns the user without a session and mails a verify link to /login', async () => {
    const email = uniqueEmail('Confirm');
    const res = await post('/signup', { email, password: 'secret123', data: { phone_number: '(512) 555-0142' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toBeUndefined();
    expect(body).toMatchObject({ email: email.toLowerCase(), aud: 'authenticated', role: 'authenticated', phone: '', is_anonymous: false });
    expect(body.email_confirmed_at).toBeUndefined();
    expect(body.identities).toHaveLength(1);
    expect(body.factors).toBeUndefined();

    const { url, subject } = await lastLink(ctx, email);
    expect(subject).toBe('Confirm your Fieldbook account');
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/auth/v1/verify');
    expect(url.searchParams.get('type')).toBe('signup');
    expect(url.searchParams.get('redirect_to')).toBe('http://localhost:3000/login');

    const early = await passwordLogin(ctx, email, 'secret123');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ code: 'email_not_confirmed', msg: 'Email not confirmed' });
  });

  it('confirms through the link (303 to /login with the session in the fragment); the link works once', async () => {
    const email = uniqueEmail();
    await post('/signup', { email, password: 'secret123' });
    const { url } = await lastLink(ctx, email);
    const verify = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(verify.statusCode).toBe(303);
    const location = verify.headers.location as string;
    expect(location.startsWith('http://localhost:3000/login#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment).toMatchObject({ token_type: 'bearer', expires_in: '3600', type: 'signup' });
    expect(fragment.access_token).toBeTruthy();
    expect(fragment.refresh_token).toBeTruthy();

    expect((await passwordLogin(ctx, email, 'secret123')).statusCode).toBe(200);

    const again = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(again.statusCode).toBe(303);
    expect(fragmentOf(again.headers.location as string)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('confirms with the emailed code through POST /verify (email + token)', async () => {
    const email = uniqueEmail();
    await post('/signup', { email, password: 'secret123' });
    const { code } = await lastLink(ctx, email);
    const wrong = await post('/verify', { type: 'signup', email, token: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'otp_expired', msg: 'Token has expired or is invalid' });
    const res = await post('/verify', { type: 'signup', email, token: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect(res.json().user.email_confirmed_at).toBeTruthy();
  });

  it('keeps redirect_to on our own origin and ignores foreign ones', async () => {
    const email = uniqueEmail();
    await post('/signup?redirect_to=https%3A%2F%2Fevil.example%2Fsteal', { email, password: 'secret123' });
    expect((await lastLink(ctx, email)).url.searchParams.get('redirect_to')).toBe('http://localhost:3000/login');
    const own = uniqueEmail();
    await post('/signup?redirect_to=http%3A%2F%2Flocalhost%3A3000%2Fwelcome', { email: own, password: 'secret123' });
    expect((await lastLink(ctx, own)).url.searchParams.get('redirect_to')).toBe('http://localhost:3000/welcome');
    const forged = await ctx.app.inject({ method: 'GET', url: '/auth/v1/verify?token=nope&type=signup&redirect_to=https://evil.example/' });
    expect((forged.headers.location as string).startsWith('http://localhost:3000/login#error=')).toBe(true);
    const oddType = await ctx.app.inject({ method: 'GET', url: '/auth/v1/verify?token=nope&type=constructor' });
    expect(oddType.statusCode).toBe(303);
    expect(fragmentOf(oddType.headers.location as string)).toMatchObject({ error: 'invalid_request', error_code: 'validation_failed' });
    expect((oddType.headers.location as string).startsWith('http://localhost:3000/login#')).toBe(true);
  });

  it('answers a repeated sign-up of a confirmed email like GoTrue: a fake user, no mail', async () => {
    const email = uniqueEmail();
    const real = await signUpConfirmed(ctx, email, 'secret123');
    const mailsBefore = (await mailsTo(ctx, email)).length;
    const res = await post('/signup', { email, password: 'other-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).not.toBe(real.id);
    expect(res.json().identities).toEqual([]);
    expect((await mailsTo(ctx, email)).length).toBe(mailsBefore);
    expect((await passwordLogin(ctx, email, 'other-password')).statusCode).toBe(400);
  });
});

describe('POST /token?grant_type=password', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123');
    const wrong = await passwordLogin(ctx, email, 'wrong-password');
    const unknown = await passwordLogin(ctx, uniqueEmail('ghost'), 'wrong-password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('issues a GoTrue session (email is case-insensitive)', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123');
    const res = await passwordLogin(ctx, email.toUpperCase(), 'secret123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email, app_metadata: { provider: 'email', providers: ['email'] } } });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(body.user.last_sign_in_at).toBeTruthy();
    const claims = await ctx.signer.verify(body.access_token);
    expect(claims).toMatchObject({ sub: body.user.id, email, aal: 'aal1', role: 'authenticated', aud: 'authenticated', is_anonymous: false });
    expect(claims!.amr.map((a) => a.method)).toEqual(['password']);
  });

  it('rejects a missing email, an unknown grant and a missing refresh token', async () => {
    expect((await post('/token?grant_type=password', { password: 'x' })).json()).toEqual({ code: 'validation_failed', msg: 'missing email or phone' });
    expect((await post('/token?grant_type=magic', {})).json().code).toBe('validation_failed');
    expect((await post('/token?grant_type=refresh_token', {})).json()).toEqual({ code: 'validation_failed', msg: 'refresh_token required' });
    const unknown = await post('/token?grant_type=refresh_token', { refresh_token: 'not-a-token' });
    expect(unknown.json()).toEqual({ code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' });
  });
});

describe('authenticated endpoints', () => {
  it('answers 401 no_authorization without a token and 403 bad_jwt for a forged one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('no_authorization');
    const forged = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('bad_jwt');
  });

  it('logs out with an empty JSON body (204); the session is then gone', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123');
    const { access_token, refresh_token } = (await passwordLogin(ctx, email, 'secret123')).json();
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const badScope = await ctx.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=everyone', headers });
    expect(badScope.statusCode).toBe(400);
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    const after = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: headers.authorization } });
    expect(after.json()).toEqual({ code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' });
    expect((await post('/token?grant_type=refresh_token', { refresh_token })).json().code).toBe('refresh_token_not_found');
  });

  it('updates metadata (null removes a key) and the password; a new password ends other sessions', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123', { keep: 1, drop: 2 });
    const first = (await passwordLogin(ctx, email, 'secret123')).json();
    const other = (await passwordLogin(ctx, email, 'secret123')).json();
    const auth = { authorization: `Bearer ${first.access_token}` };
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: auth, payload });

    const meta = await put({ data: { drop: null, added: 'yes' } });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().user_metadata).toEqual({ keep: 1, added: 'yes' });
    expect((await put({ password: 'secret123' })).json().code).toBe('same_password');
    expect((await put({ password: 'abc' })).json().code).toBe('weak_password');
    expect((await put({ password: 'brand-new-pass' })).statusCode).toBe(200);

    const stillMine = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth });
    expect(stillMine.statusCode).toBe(200);
    const ended = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${other.access_token}` } });
    expect(ended.json().code).toBe('session_not_found');
    expect((await passwordLogin(ctx, email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('answers identity linking with GoTrue errors (no OAuth providers)', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123');
    const { access_token, user } = (await passwordLogin(ctx, email, 'secret123')).json();
    const headers = { authorization: `Bearer ${access_token}` };
    const link = await ctx.app.inject({ method: 'GET', url: '/auth/v1/user/identities/authorize?provider=google', headers });
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe('manual_linking_disabled');
    const own = await ctx.app.inject({ method: 'DELETE', url: `/auth/v1/user/identities/${user.identities[0].identity_id}`, headers });
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('single_identity_not_deletable');
    const other = await ctx.app.inject({ method: 'DELETE', url: '/auth/v1/user/identities/00000000-0000-4000-8000-000000000000', headers });
    expect(other.json().code).toBe('identity_not_found');
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/v1/authorize?provider=google' })).statusCode).toBe(400);
  });
});

describe('POST /recover', () => {
  it('answers {} for unknown and known emails alike; only the known one gets a recovery link', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123');
    const ghost = uniqueEmail('ghost');
    const unknown = await post('/recover', { email: ghost });
    const known = await post('/recover', { email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    expect(known.json()).toEqual({});
    expect(await mailsTo(ctx, ghost)).toHaveLength(0);
    const { url, subject } = await lastLink(ctx, email);
    expect(subject).toBe('Reset your Fieldbook password');
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe('http://localhost:3000/reset-password');

    // A second request within the minute is answered the same but sends nothing.
    const count = (await mailsTo(ctx, email)).length;
    expect((await post('/recover', { email })).json()).toEqual({});
    expect((await mailsTo(ctx, email)).length).toBe(count);

    const verify = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(verify.statusCode).toBe(303);
    const location = verify.headers.location as string;
    expect(location.startsWith('http://localhost:3000/reset-password#')).toBe(true);
    expect(fragmentOf(location)).toMatchObject({ type: 'recovery', token_type: 'bearer', expires_in: '3600' });
  });

  it('validates the email', async () => {
    expect((await post('/recover', {})).json()).toEqual({ code: 'validation_failed', msg: 'Password recovery requires an email' });
    expect((await post('/recover', { email: 'nope' })).statusCode).toBe(400);
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nope'))).toHaveLength(0);
  });
});

describe('refresh token rotation', () => {
  it('rotates; a reused token within 10 s still works, later it revokes the session', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(ctx, email, 'secret123');
    const login = (await passwordLogin(ctx, email, 'secret123')).json();
    const first = await post('/token?grant_type=refresh_token', { refresh_token: login.refresh_token });
    expect(first.statusCode).toBe(200);
    expect(first.json().refresh_token).not.toBe(login.refresh_token);
    const retry = await post('/token?grant_type=refresh_token', { refresh_token: login.refresh_token });
    expect(retry.statusCode).toBe(200);

    // Age the revocation past the reuse window.
    const sessionId = (await ctx.signer.verify(login.access_token))!.session_id;
    await ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 11_000) })
      .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, true)));
    const reuse = await post('/token?grant_type=refresh_token', { refresh_token: login.refresh_token });
    expect(reuse.json()).toEqual({ code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' });
    expect(await ctx.db.select().from(authSessions).where(eq(authSessions.id, sessionId))).toHaveLength(0);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist', headers: { authorization: `Bearer ${first.json().access_token}` } });
    expect(api.statusCode).toBe(401);
  });
});
