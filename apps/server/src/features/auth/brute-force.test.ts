import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { lastLink, passwordLogin, signUpConfirmed, uniqueEmail } from './auth.test-helpers';
import { MAX_CODE_ATTEMPTS } from './auth.service';

/**
 * Issue 22 item 1: the account takeover by guessing an emailed 6-digit code from rotating X-Forwarded-For
 * addresses. Limits are the defaults (AUTH_RATE_LIMIT 30 a minute per address, AUTH_ACCOUNT_RATE_LIMIT 10 per
 * 15 minutes per account); no TRUSTED_PROXIES, so no header names the client.
 */
const DEFAULT_LIMITS = { AUTH_RATE_LIMIT: '30', AUTH_ACCOUNT_RATE_LIMIT: '10' };

// A clock standing still at the start of a window (and after the database's own clock, which stamps the mails), so
// no limit's window ends in the middle of a test.
const clock = { now: () => new Date('2030-01-01T00:00:00.000Z') };
const testApp = (env: Record<string, string>) => createTestApp(env, clock);

// Tests that make a database of their own: that alone takes seconds, many more on a loaded machine.
const OWN_DATABASE = { timeout: 180_000 };
let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp(DEFAULT_LIMITS);
});
afterAll(() => ctx.close());

let spoofed = 0;
/** A different, made-up client address in every request, as the attacker sent. */
const spoof = () => ({ 'x-forwarded-for': `198.51.100.${(spoofed++ % 250) + 1}, 10.0.0.1` });
const verifyCode = (email: string, token: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', email, token }, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const wrongCodeFor = (real: string, i: number) => String((Number(real) + 1 + i) % 1_000_000).padStart(6, '0');

async function recoveryCodeFor(app: TestContext, email: string): Promise<string> {
  const res = await app.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email } });
  expect(res.statusCode).toBe(200);
  return (await lastLink(app, email)).code;
}

describe('guessing an emailed code', () => {
  it('kills the code after a few wrong guesses: the real code then fails too', async () => {
    const email = uniqueEmail('victim');
    await signUpConfirmed(ctx, email, 'secret123');
    const code = await recoveryCodeFor(ctx, email);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const res = await verifyCode(email, wrongCodeFor(code, i), spoof(), `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'otp_expired', msg: 'Token has expired or is invalid' });
    }
    const real = await verifyCode(email, code, spoof());
    expect(real.statusCode).toBe(403);
    expect(real.json().code).toBe('otp_expired');
  });

  it('a brute force from rotating X-Forwarded-For addresses gets 429s and never the session', async () => {
    const email = uniqueEmail('target');
    await signUpConfirmed(ctx, email, 'secret123');
    const code = await recoveryCodeFor(ctx, email);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await verifyCode(email, wrongCodeFor(code, i), spoof());
      statuses.push(res.statusCode);
      expect(res.json().access_token).toBeUndefined();
    }
    // 10 guesses per account (the first 5 of them killed the code), then only 429 over_request_rate_limit.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));
    const blocked = await verifyCode(email, code, spoof());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('fewer wrong guesses than that leave the code alive: the right one still starts a session', OWN_DATABASE, async () => {
    const app = await testApp(DEFAULT_LIMITS);
    try {
      const email = uniqueEmail('owner');
      await signUpConfirmed(app, email, 'secret123');
      const code = await recoveryCodeFor(app, email);
      for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) {
        const res = await app.app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', email, token: wrongCodeFor(code, i) } });
        expect(res.statusCode).toBe(403);
      }
      const ok = await app.app.inject({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'recovery', email, token: code } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().access_token).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});

describe('the client address', () => {
  it('TRUSTED_PROXIES takes IPs, CIDR ranges and proxy-addr’s names, and refuses anything else', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.20.0.0/16,::1,fd00::/8, loopback' }).trustedProxies).toEqual(['10.0.0.1', '10.20.0.0/16', '::1', 'fd00::/8', 'loopback']);
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES: "10\.0\.0\.0\/33" is not an IP address/);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'true' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('is the connection’s peer without TRUSTED_PROXIES: X-Forwarded-For never moves a request to another counter', OWN_DATABASE, async () => {
    const app = await testApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const login = (i: number, headers: Record<string, string>, remoteAddress = '192.0.2.10') =>
        app.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: `nobody${i}@example.com`, password: 'wrong-password' }, headers, remoteAddress });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(i, { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` })).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // Another peer has its own count, whatever it claims.
      expect((await login(9, { 'x-forwarded-for': '192.0.2.10' }, '192.0.2.11')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('comes from X-Forwarded-For when the peer is a trusted proxy, and only then', OWN_DATABASE, async () => {
    const app = await testApp({ AUTH_RATE_LIMIT: '2', TRUSTED_PROXIES: '192.0.2.1, 10.20.0.0/16' });
    try {
      const login = (i: number, forwardedFor: string, remoteAddress: string) =>
        app.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: `someone${i}@example.com`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress,
        });
      // Through the proxies: each forwarded client has its own count.
      expect((await login(1, '203.0.113.1', '192.0.2.1')).statusCode).toBe(400);
      expect((await login(2, '203.0.113.1', '10.20.3.4')).statusCode).toBe(400);
      expect((await login(3, '203.0.113.1', '192.0.2.1')).statusCode).toBe(429);
      expect((await login(4, '203.0.113.2', '192.0.2.1')).statusCode).toBe(400);
      // A client naming a trusted proxy's client in its header is still counted as itself.
      expect((await login(5, '203.0.113.3', '192.0.2.99')).statusCode).toBe(400);
      expect((await login(6, '203.0.113.4', '192.0.2.99')).statusCode).toBe(400);
      expect((await login(7, '203.0.113.5', '192.0.2.99')).statusCode).toBe(429);
      // A left-most address the client added in front of the proxy's entry is not believed: the proxy's entry counts.
      expect((await login(8, '198.51.100.7, 203.0.113.2', '192.0.2.1')).statusCode).toBe(400);
      expect((await login(9, '198.51.100.8, 203.0.113.2', '192.0.2.1')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('password sign-in per account', () => {
  it('answers 429 after AUTH_ACCOUNT_RATE_LIMIT wrong passwords from any addresses, even for the right one; others are unaffected', OWN_DATABASE, async () => {
    const app = await testApp({ AUTH_ACCOUNT_RATE_LIMIT: '3' });
    try {
      const email = uniqueEmail('signin');
      const other = uniqueEmail('bystander');
      await signUpConfirmed(app, email, 'secret123');
      await signUpConfirmed(app, other, 'secret123');
      // Successful sign-ins never count.
      for (let i = 0; i < 4; i++) expect((await passwordLogin(app, email, 'secret123')).statusCode).toBe(200);
      const attempt = (password: string, i: number, who = email) =>
        app.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: who, password }, headers: { 'x-forwarded-for': `198.51.100.${i}` }, remoteAddress: `203.0.113.${i}` });
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await attempt(`wrong-${i}`, i)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const right = await attempt('secret123', 5);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      // The email as typed (case, spaces) is the same account.
      expect((await attempt('secret123', 6, ` ${email.toUpperCase()} `)).statusCode).toBe(429);
      expect((await attempt('secret123', 7, other)).statusCode).toBe(200);
      // An email without an account is limited the same way (nothing tells them apart).
      const ghost = uniqueEmail('ghost');
      const ghostStatuses = [];
      for (let i = 10; i < 14; i++) ghostStatuses.push((await attempt('whatever1', i, ghost)).statusCode);
      expect(ghostStatuses).toEqual([400, 400, 400, 429]);
    } finally {
      await app.close();
    }
  });
});

// Issue 32 item 4 (ADR 0011): failing on purpose from elsewhere must not lock a person out of their own devices.
describe('password sign-in from a known device', () => {
  it('a device that signed in before still signs in after failures from elsewhere lock the account; unknown devices get the lockout', OWN_DATABASE, async () => {
    const app = await testApp({ AUTH_ACCOUNT_RATE_LIMIT: '3' });
    try {
      const email = uniqueEmail('locked');
      const other = uniqueEmail('neighbour');
      await signUpConfirmed(app, email, 'secret123');
      await signUpConfirmed(app, other, 'secret123');
      let address = 0;
      const attempt = (password: string, cookie?: string, who = email) =>
        app.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: who, password },
          headers: cookie ? { cookie } : {},
          remoteAddress: `203.0.113.${(address++ % 250) + 1}`,
        });
      const cookieOf = (res: Awaited<ReturnType<typeof attempt>>) => String(res.headers['set-cookie']).split(';')[0]!;

      // The person's phone signs in: it is now a known device (a signed, httpOnly cookie for the sign-in path only).
      const first = await attempt('secret123');
      expect(first.statusCode).toBe(200);
      expect(String(first.headers['set-cookie'])).toMatch(/^fb_known_device=[^;]+; Path=\/auth\/v1; Max-Age=7776000; HttpOnly; SameSite=Strict$/);
      const phone = cookieOf(first);
      // The same browser signed in to another account too: one cookie remembers both.
      const both = cookieOf(await attempt('secret123', phone, other));
      expect(both.split('~')).toHaveLength(2);

      // Someone fails on purpose from other addresses until the account is locked for unknown devices.
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(`wrong-${i}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const unknown = await attempt('secret123');
      expect(unknown.statusCode).toBe(429);
      expect(unknown.json()).toEqual({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      expect(unknown.headers['set-cookie']).toBeUndefined();

      // The known device still signs in (with either cookie), and its cookie is renewed.
      const known = await attempt('secret123', phone);
      expect(known.statusCode).toBe(200);
      expect(known.json().access_token).toBeTruthy();
      expect((await attempt('secret123', both)).statusCode).toBe(200);

      // A cookie proves only what it was made for: another account's entry, a changed signature or device id, or
      // junk does not exempt anyone.
      const otherOnly = cookieOf(await attempt('secret123', undefined, other));
      expect((await attempt('secret123', otherOnly)).statusCode).toBe(429);
      const entry = phone.slice('fb_known_device='.length);
      const tampered = `fb_known_device=${entry.slice(0, -2)}${entry.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await attempt('secret123', tampered)).statusCode).toBe(429);
      const [deviceId, issued, mac] = entry.split('.');
      expect((await attempt('secret123', `fb_known_device=${'x'.repeat(deviceId!.length)}.${issued}.${mac}`)).statusCode).toBe(429);
      expect((await attempt('secret123', 'fb_known_device=junk; other=1')).statusCode).toBe(429);

      // Guesses stay bounded on a known device too: its own failures lock it (and only it).
      const deviceStatuses = [];
      for (let i = 0; i < 4; i++) deviceStatuses.push((await attempt(`wrong-again-${i}`, phone)).statusCode);
      expect(deviceStatuses).toEqual([400, 400, 400, 429]);
      expect((await attempt('secret123', phone)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('an entry older than 90 days no longer counts', OWN_DATABASE, async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const app = await createTestApp({ AUTH_ACCOUNT_RATE_LIMIT: '1' }, { now: () => now });
    try {
      const email = uniqueEmail('stale');
      await signUpConfirmed(app, email, 'secret123');
      const attempt = (password: string, cookie?: string) =>
        app.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password }, headers: cookie ? { cookie } : {} });
      const cookie = String((await attempt('secret123')).headers['set-cookie']).split(';')[0]!;
      now = new Date('2030-04-02T00:00:00.000Z');
      expect((await attempt('wrong')).statusCode).toBe(400);
      expect((await attempt('secret123')).statusCode).toBe(429);
      expect((await attempt('secret123', cookie)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('TOTP codes per account', () => {
  it('answers 429 after AUTH_ACCOUNT_RATE_LIMIT wrong codes, even for the right one', OWN_DATABASE, async () => {
    // The real clock: MFA challenges are stamped by the database's.
    const app = await createTestApp({ AUTH_ACCOUNT_RATE_LIMIT: '3' });
    try {
      const email = uniqueEmail('mfa');
      await signUpConfirmed(app, email, 'secret123');
      const headers = { authorization: `Bearer ${(await passwordLogin(app, email, 'secret123')).json().access_token}` };
      const factor = (await app.app.inject({ method: 'POST', url: '/auth/v1/factors', headers, payload: { factor_type: 'totp' } })).json();
      const totp = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) });
      const challenge = (await app.app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/challenge`, headers })).json();
      const verify = (code: string) => app.app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/verify`, headers, payload: { challenge_id: challenge.id, code } });
      const right = totp.generate();
      const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await verify(wrong(i));
        statuses.push(`${res.statusCode} ${res.json().code}`);
      }
      expect(statuses).toEqual([...Array(3).fill('422 mfa_verification_failed'), '429 over_request_rate_limit']);
      const blocked = await verify(right);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('over_request_rate_limit');
    } finally {
      await app.close();
    }
  });
});
