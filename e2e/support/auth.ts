import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './unique';

export { uniqueEmail };

export type TestUser = { email: string; password: string };

type MailboxMessage = { to: string; subject: string | null; body: string; links: string[]; created_at: string };

/** The newest link in the development mailbox for `email` whose URL contains `type=<type>`. */
export async function mailboxLink(request: APIRequestContext, email: string, type: 'signup' | 'recovery'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        expect(res.ok()).toBe(true);
        const { messages } = (await res.json()) as { messages: MailboxMessage[] };
        link = messages.flatMap((m) => m.links).find((l) => l.includes('/auth/v1/verify') && l.includes(`type=${type}`));
        return link;
      },
      { message: `a ${type} link mailed to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

/** Signs up through the auth API and follows the confirmation link: a user ready to sign in. */
export async function createConfirmedUser(request: APIRequestContext, overrides: Partial<TestUser> & { phone?: string } = {}): Promise<TestUser> {
  const user = { email: overrides.email ?? uniqueEmail(), password: overrides.password ?? `pw-${randomUUID().slice(0, 12)}` };
  const res = await request.post('/auth/v1/signup', {
    data: { email: user.email, password: user.password, data: { phone_number: overrides.phone ?? '+14155552671', sms_opt_in: false, sms_opt_in_date: null } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const link = await mailboxLink(request, user.email, 'signup');
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status(), 'the confirmation link redirects back to the app').toBeGreaterThanOrEqual(300);
  expect(verified.status()).toBeLessThan(400);
  return user;
}

/** A password sign-in through the auth API, for tests that create data through the product API. */
export async function apiAccessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', { data: { email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Signs in through the sign-in page and waits for the redirect to `expectedPath` (default /). */
export async function signInThroughUi(page: Page, user: TestUser, expectedPath = '/'): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Not the 0.5 s 'Login successful! Redirecting...' (auth.spec.ts checks it): on a loaded machine a poll can miss it.
  await expect(page).toHaveURL(expectedPath);
}
