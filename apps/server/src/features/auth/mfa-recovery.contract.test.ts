import { GoTrueClient } from '@supabase/auth-js';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { authSessions } from '../../db/schema';
import { authJsSuite, lastLink, uniqueEmail } from './auth.test-helpers';

/** Auth contract, continued: TOTP MFA and password recovery driven by the unmodified GoTrueClient. */

const suite = authJsSuite();
const { auth } = suite;
const { client, onServer, confirmedUser, signedIn } = auth;

const sessionAal = async (accessToken: string) => {
  const claims = await suite.ctx.signer.verify(accessToken);
  const [row] = await suite.ctx.db.select().from(authSessions).where(eq(authSessions.id, claims!.session_id));
  return row?.aal;
};

describe('auth-js contract: TOTP MFA', () => {
  it('enroll → challenge → verify (aal2) → sign-in again needs aal2 → unenroll', async () => {
    const email = await confirmedUser();
    const a = await signedIn(email);

    const enroll = await a.c.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' });
    expect(enroll.error).toBeNull();
    const factor = enroll.data!;
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Work phone' });
    if (factor.type !== 'totp') throw new Error('expected a TOTP factor');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/localhost%3A3000:.+secret=/);
    const totp = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) });

    const challenge = await a.c.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const wrong = await a.c.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp.generate({ timestamp: Date.now() - 300_000 }) });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const code = totp.generate();
    const verified = await a.c.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const aal = await a.c.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(aal.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(['totp', 'password']);
    const aalSession = (await a.c.getSession()).data.session!;
    expect(await sessionAal(aalSession.access_token)).toBe('aal2');

    // A new sign-in is aal1 and is told aal2 is the next level.
    const b = await signedIn(email);
    expect(b.session.user.factors).toMatchObject([{ id: factor.id, factor_type: 'totp', status: 'verified', friendly_name: 'Work phone' }]);
    const aalB = await b.c.mfa.getAuthenticatorAssuranceLevel();
    expect(aalB.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await b.c.mfa.listFactors()).data!.totp).toHaveLength(1);

    // aal1 may not remove a verified factor nor change the password; a used code is not accepted twice.
    expect((await b.c.updateUser({ password: 'changed-at-aal1' })).error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    expect((await b.c.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ code: 'insufficient_aal' });
    expect((await b.c.mfa.challengeAndVerify({ factorId: factor.id, code })).error).toMatchObject({ code: 'mfa_verification_failed' });

    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await b.c.mfa.challengeAndVerify({ factorId: factor.id, code: next })).error).toBeNull();
    expect((await b.c.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');

    const unenroll = await b.c.mfa.unenroll({ factorId: factor.id });
    expect(unenroll.error).toBeNull();
    expect(unenroll.data).toEqual({ id: factor.id });
    const after = await b.c.getUser();
    expect(after.data.user?.factors).toBeUndefined();
    const refreshed = await b.c.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await b.c.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('answers unknown factors with mfa_factor_not_found', async () => {
    const { c } = await signedIn(await confirmedUser());
    const res = await c.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(res.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });
});

describe('auth-js contract: password recovery', () => {
  it('recovery link → session from the redirect fragment (detectSessionInUrl) → updateUser → sign in', async () => {
    const email = await confirmedUser('old-secret-1');
    const reset = await client().resetPasswordForEmail(email);
    expect(reset.error).toBeNull();

    const res = await fetch(onServer((await lastLink(suite.ctx, email)).url), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:3000/reset-password#access_token=')).toBe(true);

    // The browser lands on /reset-password#…: auth-js (implicit flow) reads the session from the URL.
    const g = globalThis as Record<string, unknown>;
    g.window = { location: { href: location, hash: new URL(location).hash }, history: { replaceState() {} } };
    g.document = {};
    try {
      const browser = new GoTrueClient({ url: auth.url, autoRefreshToken: false, persistSession: false, detectSessionInUrl: true, storageKey: 'recovery-test' });
      const events: string[] = [];
      browser.onAuthStateChange((event) => {
        events.push(event);
      });
      const { data } = await browser.getSession();
      expect(data.session?.user.email).toBe(email);
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toContain('PASSWORD_RECOVERY');
      expect((g.window as { location: { hash: string } }).location.hash).toBe('');
      const updated = await browser.updateUser({ password: 'new-secret-2' });
      expect(updated.error).toBeNull();
    } finally {
      delete g.window;
      delete g.document;
    }

    expect((await client().signInWithPassword({ email, password: 'new-secret-2' })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: 'old-secret-1' })).error?.code).toBe('invalid_credentials');
  });

  it('answers an unknown email like a known one', async () => {
    const { data, error } = await client().resetPasswordForEmail(uniqueEmail('nobody'));
    expect(error).toBeNull();
    expect(data).toEqual({});
  });
});
