import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { passwordLogin, signUpConfirmed, uniqueEmail } from './auth.test-helpers';

// design.md §11: zero 5xx under fuzzed input. Every /auth/v1 error keeps GoTrue's { code, msg } shape.
let ctx: TestContext;
let bearer: string;
let factorId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const email = uniqueEmail('fuzz');
  await signUpConfirmed(ctx, email, 'secret123');
  bearer = `Bearer ${(await passwordLogin(ctx, email, 'secret123')).json().access_token}`;
  const enroll = await ctx.app.inject({ method: 'POST', url: '/auth/v1/factors', headers: { authorization: bearer }, payload: { factor_type: 'totp' } });
  factorId = enroll.json().id;
});
afterAll(() => ctx.close());

const KEYS = ['email', 'password', 'data', 'refresh_token', 'type', 'token', 'token_hash', 'factor_type', 'friendly_name', 'code', 'challenge_id', 'phone', '__proto__'];
const nearValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('a@example.com', 'not-an-email', '', ' ', 'secret123', 'signup', 'recovery', 'totp', '123456', null, true, 0, [], {}),
  fc.string({ maxLength: 40 }),
);
const body = fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), nearValue, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 3 }));
const endpoint = fc.constantFrom(
  { method: 'POST', url: '/auth/v1/signup' },
  { method: 'POST', url: '/auth/v1/token?grant_type=password' },
  { method: 'POST', url: '/auth/v1/token?grant_type=refresh_token' },
  { method: 'POST', url: '/auth/v1/recover' },
  { method: 'POST', url: '/auth/v1/verify' },
  { method: 'PUT', url: '/auth/v1/user', auth: true },
  { method: 'POST', url: '/auth/v1/factors', auth: true },
  { method: 'POST', url: '/auth/v1/factors/FACTOR/verify', auth: true },
  { method: 'POST', url: '/auth/v1/logout?scope=others', auth: true },
) as fc.Arbitrary<{ method: 'POST' | 'PUT'; url: string; auth?: boolean }>;

describe('/auth/v1 under fuzzed input', () => {
  it('never answers 5xx, and errors are { code, msg }', async () => {
    await fc.assert(
      fc.asyncProperty(endpoint, body, async (target, payload) => {
        const res = await ctx.app.inject({
          method: target.method,
          url: target.url.replace('FACTOR', factorId),
          headers: { 'content-type': 'application/json', ...(target.auth ? { authorization: bearer } : {}) },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${target.url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(typeof res.json().code).toBe('string');
          expect(typeof res.json().msg).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
  });
});
