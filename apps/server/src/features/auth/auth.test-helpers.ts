import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema';
import type { TestContext } from '../../test/setup-app';

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
