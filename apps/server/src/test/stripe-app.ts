import { PaymentsStatusSchema } from '@fieldbook/contract';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './setup-app';
import { startStripeStub, type StripeStub } from './stripe-stub';

/**
 * The app listening on a loopback port with the Stripe stand-in both ways — the `stripe` package's requests to it and
 * its signed webhook deliveries back to the app — what every payments test starts with (tests only).
 */
export async function startAppWithStripe(env: Record<string, string> = {}, opts: { checkResponses?: boolean } = {}): Promise<{ ctx: TestContext; stub: StripeStub }> {
  const stub = await startStripeStub();
  const ctx = await createTestApp({ ...stub.env, ...env }, opts);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  stub.webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/payments/stripe/webhook`;
  return { ctx, stub };
}

/**
 * Connects a workspace's Stripe account the way its admin does (tests only): Connect in Settings › Payments →
 * Stripe's onboarding page (the stand-in's, over HTTP) → Complete → `account.updated` to the webhook → back to the
 * app. Answers the connected account's id; the workspace's clients are offered Pay from then on.
 */
export async function connectStripeAccount(ctx: TestContext, stub: StripeStub, admin: TestUser): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/stripe-connect', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const url = (res.json() as { url: string }).url;
  expect((await fetch(url)).status).toBe(200);
  const done = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toMatch(/\?payments=stripe-connect-done$/);
  const status = PaymentsStatusSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/payments/status', headers: admin.headers })).json());
  expect(status).toMatchObject({ enabled: true, reason: null, connection: { charges_enabled: true, details_submitted: true } });
  return status.connection!.account_id;
}
