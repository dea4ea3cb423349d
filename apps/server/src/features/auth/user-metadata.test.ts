import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { passwordLogin, signUpConfirmed, uniqueEmail } from './auth.test-helpers';
import { USER_METADATA_MAX_BYTES } from './user-object';

/** Issue 22 item 8: 900 KB of sign-up `data` went into every access token, which then got 431 on every request. */
let ctx: TestContext;
let base = '';
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;
/** Metadata whose JSON is exactly `bytes` long. */
const metadataOf = (bytes: number) => ({ notes: 'x'.repeat(bytes - '{"notes":""}'.length) });
/** Over real HTTP: Node's parser, not inject, is what refuses headers over 16 KB (431). */
const apiStatus = async (accessToken: string) => (await fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe('user metadata is bounded', () => {
  it('refuses 900 KB of sign-up data with a 400 that says why, and stores nothing', async () => {
    const before = await userCount();
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email: uniqueEmail('big'), password: 'secret123', data: metadataOf(900 * 1024) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', msg: `User metadata is too large: ${900 * 1024} bytes of JSON, at most 8192 bytes (8 KB) are allowed` });
    expect(await userCount()).toBe(before);
  });

  it('accepts data up to the bound, and the tokens of such an account work over HTTP', async () => {
    const email = uniqueEmail('full');
    await signUpConfirmed(ctx, email, 'secret123', metadataOf(USER_METADATA_MAX_BYTES));
    const login = await passwordLogin(ctx, email, 'secret123');
    expect(login.statusCode).toBe(200);
    expect(login.json().access_token.length).toBeLessThan(14 * 1024);
    expect(await apiStatus(login.json().access_token)).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email: uniqueEmail('over'), password: 'secret123', data: metadataOf(USER_METADATA_MAX_BYTES + 1) } })).statusCode).toBe(400);
  });

  it('refuses a PUT /user whose merged metadata would pass the bound, leaving the stored metadata as it was', async () => {
    const email = uniqueEmail('grow');
    await signUpConfirmed(ctx, email, 'secret123', { full_name: 'Maria Garcia', notes: 'y'.repeat(5000) });
    const token = (await passwordLogin(ctx, email, 'secret123')).json().access_token as string;
    const headers = { authorization: `Bearer ${token}` };
    const res = await ctx.app.inject({ method: 'PUT', url: '/auth/v1/user', headers, payload: { data: { more: 'z'.repeat(4000) } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().msg).toMatch(/^User metadata is too large: \d+ bytes of JSON, at most 8192 bytes \(8 KB\) are allowed$/);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.userMetadata).toEqual({ full_name: 'Maria Garcia', notes: 'y'.repeat(5000) });
    // Removing a key (null) to make room is fine.
    const shrink = await ctx.app.inject({ method: 'PUT', url: '/auth/v1/user', headers, payload: { data: { notes: null, more: 'z'.repeat(4000) } } });
    expect(shrink.statusCode).toBe(200);
    expect(shrink.json().user_metadata).toEqual({ full_name: 'Maria Garcia', more: 'z'.repeat(4000) });
  });

  it('an account stored with more than the bound before it existed still gets tokens that fit in a header', async () => {
    const email = uniqueEmail('legacy');
    await signUpConfirmed(ctx, email, 'secret123');
    await ctx.db.update(users).set({ userMetadata: metadataOf(900 * 1024) }).where(eq(users.email, email));
    const login = await passwordLogin(ctx, email, 'secret123');
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token as string;
    expect(token.length).toBeLessThan(4 * 1024);
    expect(await apiStatus(token)).toBe(200);
    // The account's metadata is all still there for /user.
    const user = await fetch(`${base}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(user.status).toBe(200);
    expect(((await user.json()) as { user_metadata: { notes: string } }).user_metadata.notes).toHaveLength(900 * 1024 - 12);
  });
});
