import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { GoTrueClient, type Session } from '@supabase/auth-js';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/setup-app';

/** Test data helpers for the auth tests (not a test file itself). */

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export async function mailsTo(ctx: TestContext, email: string) {
  return ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email.toLowerCase()), eq(outboxMessages.channel, 'email')))
    .orderBy(desc(outboxMessages.createdAt));
}

/** The verify link and the 6-digit code of the newest mail to `email`. */
export async function lastLink(ctx: TestContext, email: string): Promise<{ url: URL; code: string; subject: string | null }> {
  const [mail] = await mailsTo(ctx, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.body)?.[0];
  const code = /code: (\d{6})/.exec(mail.body)?.[1];
  if (!link || !code) throw new Error(`no link/code in mail: ${mail.body}`);
  return { url: new URL(link), code, subject: mail.subject };
}

/** Parameters of a redirect's URL fragment (where GoTrue puts sessions and errors). */
export function fragmentOf(location: string): Record<string, string> {
  const hash = new URL(location).hash.replace(/^#/, '');
  return Object.fromEntries(new URLSearchParams(hash));
}

/** Signs a user up through the API and follows the confirmation link, as a person would. */
export async function signUpConfirmed(ctx: TestContext, email: string, password: string, data: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email, password, data } });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  const { url } = await lastLink(ctx, email);
  const verify = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (verify.statusCode !== 303) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return res.json() as { id: string };
}

export async function passwordLogin(ctx: TestContext, email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });
}

/**
 * The auth contract tests' harness: the test app listening on a port, driven by the unmodified auth-js
 * GoTrueClient as the web app drives it. Call `start()` in beforeAll.
 */
export type AuthJsHarness = {
  base: string;
  url: string;
  start: () => Promise<void>;
  client: (url?: string) => GoTrueClient;
  onServer: (link: URL) => string;
  confirmedUser: (password?: string) => Promise<string>;
  signedIn: (email: string, password?: string) => Promise<{ c: GoTrueClient; session: Session }>;
};

export function authJsHarness(ctx: () => TestContext): AuthJsHarness {
  const h: AuthJsHarness = {
    base: '',
    url: '',
    async start() {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      h.base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
      h.url = `${h.base}/auth/v1`;
    },
    client: (url = h.url) => new GoTrueClient({ url, autoRefreshToken: false, persistSession: false, detectSessionInUrl: false }),
    /** Mail links carry PUBLIC_URL (http://localhost:3000 in tests); requests go to the listening server. */
    onServer: (link: URL) => `${h.base}${link.pathname}${link.search}`,
    /** Signs up through auth-js and follows the mailed confirmation link. */
    async confirmedUser(password = 'secret123') {
      const email = uniqueEmail();
      expect((await h.client().signUp({ email, password })).error).toBeNull();
      expect((await fetch(h.onServer((await lastLink(ctx(), email)).url), { redirect: 'manual' })).status).toBe(303);
      return email;
    },
    async signedIn(email: string, password = 'secret123') {
      const c = h.client();
      const { data, error } = await c.signInWithPassword({ email, password });
      expect(error).toBeNull();
      return { c, session: data.session! };
    },
  };
  return h;
}

/**
 * A test file driving the real server with auth-js: the app is created and its port opened before the file's tests
 * and closed after them. `suite.ctx` is the app (set once beforeAll has run).
 */
export function authJsSuite(): { readonly ctx: TestContext; auth: AuthJsHarness } {
  let ctx: TestContext | undefined;
  const auth = authJsHarness(() => ctx!);
  beforeAll(async () => {
    ctx = await createTestApp();
    await auth.start();
  });
  afterAll(() => ctx?.close());
  return {
    get ctx() {
      return ctx!;
    },
    auth,
  };
}
