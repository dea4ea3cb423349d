import {
  CheckoutSchema,
  InvoiceOnlinePaymentsSchema,
  InvoiceSchema,
  PAYMENTS_NOT_CONNECTED,
  PAYMENTS_ONBOARDING_INCOMPLETE,
  PaymentsStatusSchema,
  PublicInvoicePaymentSchema,
  STRIPE_CONNECT_ADMIN_ONLY,
  StripeConnectLinkSchema,
  type InvoiceBody,
} from '@fieldbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '../../platform/signed-link';
import { insertJob } from '../../test/factories';
import { createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import type { StripeStub } from '../../test/stripe-stub';
import { connectStripeAccount, startAppWithStripe } from '../../test/stripe-app';

// Stripe Connect (issue 33): each workspace's clients pay the workspace's own connected account. The admin connects
// it through Stripe's hosted onboarding (the stand-in's, over real HTTP); account.updated says when it takes charges;
// every call for a workspace carries its account (Stripe-Account); an event from any other account changes nothing.

let ctx: TestContext;
let stub: StripeStub;
let alice: TestUser; // admin of Oak & Sons
let bob: TestUser; // a plain member of Oak & Sons
let eve: TestUser; // admin of another workspace

const BODY: InvoiceBody = { title: 'Deck repair', items: [{ name: 'Boards', quantity: 10, unit: 'ea', unit_price_cents: 5_000, taxable: false }], payment_terms: 'net_15' };
const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });
const statusOf = async (user: TestUser) => PaymentsStatusSchema.parse((await api(user, 'GET', '/api/payments/status')).json());

async function sentInvoice(owner: TestUser): Promise<{ id: string; token: string }> {
  const job = await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Deck repair' });
  const created = await api(owner, 'POST', `/api/jobs/${job.id}/invoices`, BODY);
  expect((await api(owner, 'POST', `/api/invoices/${created.json().id}/mark-sent`)).statusCode).toBe(200);
  return { id: created.json().id, token: signLink(ctx.signer, 'invoice', created.json().id, 86_400, new Date()).token };
}
const payState = async (token: string) => PublicInvoicePaymentSchema.parse((await api(null, 'GET', `/api/public/invoice-payments/${token}`)).json());

beforeAll(async () => {
  ({ ctx, stub } = await startAppWithStripe());
  alice = await createTestUser(ctx, { workspaceName: 'Oak & Sons' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx, { workspaceName: 'Elm Builders' });
});
afterAll(async () => {
  await ctx?.close();
  await stub?.close();
});

describe('connecting the company’s Stripe account', () => {
  it('only an admin connects; until Stripe enables charges the clients are offered no Pay and the contractor is told why', async () => {
    expect(await statusOf(bob)).toEqual({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, allow_partial_payments: false, stripe_configured: true, connection: null, can_manage: false });
    expect((await statusOf(alice)).can_manage).toBe(true);
    const { id, token } = await sentInvoice(alice);
    expect(await payState(token)).toMatchObject({ available: false, reason: null, balance_cents: 50_000 });
    expect((await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, {})).statusCode).toBe(409);
    expect(stub.sessions.size).toBe(0);
    const online = InvoiceOnlinePaymentsSchema.parse((await api(bob, 'GET', `/api/invoices/${id}/online-payments`)).json());
    expect(online).toMatchObject({ enabled: false, reason: PAYMENTS_NOT_CONNECTED });

    for (const method of ['POST', 'DELETE'] as const) {
      const refused = await api(bob, method, '/api/payments/stripe-connect');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(STRIPE_CONNECT_ADMIN_ONLY);
    }
    expect((await api(null, 'POST', '/api/payments/stripe-connect')).statusCode).toBe(401);
    expect(stub.accounts.size).toBe(0);

    // The admin starts: a Standard account made by the platform (no Stripe-Account header), then its onboarding link.
    const first = StripeConnectLinkSchema.parse((await api(alice, 'POST', '/api/payments/stripe-connect')).json());
    expect(stub.accounts.size).toBe(1);
    const [account] = [...stub.accounts.values()];
    expect(account).toMatchObject({ type: 'standard', charges_enabled: false, metadata: { fieldbook_workspace_id: alice.workspaceId } });
    expect(stub.requests.find((r) => r.path === '/v1/accounts')?.account).toBeUndefined();
    expect(stub.requests.find((r) => r.path === '/v1/account_links')?.body).toMatchObject({
      account: account!.id,
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/?payments=stripe-connect-done',
      refresh_url: 'http://localhost:3000/?payments=stripe-connect-refresh',
    });
    expect(await statusOf(alice)).toMatchObject({ enabled: false, reason: PAYMENTS_ONBOARDING_INCOMPLETE, connection: { account_id: account!.id, charges_enabled: false, details_submitted: false } });
    expect(await payState(token)).toMatchObject({ available: false });

    // Left and started again: the same account, a fresh link. The used link sends the browser to refresh_url.
    const second = StripeConnectLinkSchema.parse((await api(alice, 'POST', '/api/payments/stripe-connect')).json());
    expect(second.url).not.toBe(first.url);
    expect(stub.accounts.size).toBe(1);
    expect((await fetch(second.url)).status).toBe(200);
    const done = await fetch(`${second.url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(done.headers.get('location')).toBe('http://localhost:3000/?payments=stripe-connect-done');
    const again = await fetch(second.url, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('http://localhost:3000/?payments=stripe-connect-refresh');

    // account.updated (a Connect event, `account` set) arrived: charges enabled, Pay offered.
    expect(stub.events.at(-1)).toMatchObject({ type: 'account.updated', account: account!.id });
    expect(await statusOf(bob)).toEqual({
      enabled: true,
      reason: null,
      allow_partial_payments: false,
      stripe_configured: true,
      connection: { account_id: account!.id, charges_enabled: true, details_submitted: true, payouts_enabled: true },
      can_manage: false,
    });
    expect(await payState(token)).toMatchObject({ available: true, payable_cents: 50_000 });
  });
});

describe('each workspace’s own account', () => {
  it('sessions and refunds are made on the workspace’s account; an event from another account, or the platform, changes nothing', async () => {
    const oak = (await statusOf(alice)).connection!.account_id;
    const elm = await connectStripeAccount(ctx, stub, eve);
    expect(elm).not.toBe(oak);

    const { id, token } = await sentInvoice(alice);
    const res = await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, {});
    const url = CheckoutSchema.parse(res.json()).url;
    const session = url.slice(url.lastIndexOf('/') + 1);
    expect(stub.sessions.get(session)!._account).toBe(oak);
    expect(stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.account).toBe(oak);
    // The stand-in, as Stripe: another account (or the platform) does not find the session.
    const asElm = await fetch(`${stub.url}/v1/checkout/sessions/${session}`, { headers: { authorization: `Bearer ${stub.secretKey}`, 'stripe-account': elm } });
    expect(asElm.status).toBe(404);
    const unknown = await fetch(`${stub.url}/v1/checkout/sessions/${session}`, { headers: { authorization: `Bearer ${stub.secretKey}`, 'stripe-account': 'acct_nobody' } });
    expect(unknown.status).toBe(403);

    stub.autoDeliver = false;
    try {
      await stub.pay(session, 'card');
      const genuine = stub.events.at(-1)!;
      expect(genuine.account).toBe(oak);
      // The same session's event signed by us but from Elm's account, or the platform's: nothing is recorded.
      expect(await stub.deliver({ ...genuine, id: `${genuine.id}_elm`, account: elm })).toBe(200);
      const { account: _oak, ...platform } = genuine;
      expect(await stub.deliver({ ...platform, id: `${genuine.id}_platform` })).toBe(200);
      expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${id}`)).json()).payments).toEqual([]);
      expect(await stub.deliver(genuine)).toBe(200);
      expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${id}`)).json()).totals.paid_cents).toBe(50_000);

      // account.updated turning Oak's charges off but sent from Elm's account: nothing; from Elm about Elm: Elm only.
      const oakAccount = stub.accounts.get(oak)!;
      await stub.deliver(await stub.emit('account.updated', { ...oakAccount, charges_enabled: false }, elm));
      expect((await statusOf(alice)).enabled).toBe(true);
      await stub.deliver(await stub.emit('account.updated', { ...stub.accounts.get(elm)!, charges_enabled: false }, elm));
      expect(await statusOf(eve)).toMatchObject({ enabled: false, reason: PAYMENTS_ONBOARDING_INCOMPLETE });
      expect((await statusOf(alice)).enabled).toBe(true);
    } finally {
      stub.autoDeliver = true;
    }

    // The refund goes to Oak's account; Elm's admin cannot see Oak's payment.
    const [payment] = InvoiceOnlinePaymentsSchema.parse((await api(alice, 'GET', `/api/invoices/${id}/online-payments`)).json()).payments;
    expect((await api(eve, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 1_000 })).statusCode).toBe(404);
    expect((await api(alice, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 1_000 })).statusCode).toBe(200);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.account).toBe(oak);
  });

  it('disconnecting: Pay is off at once; an earlier payment is still refunded on its account; connecting again makes a new account', async () => {
    const oak = (await statusOf(alice)).connection!.account_id;
    const { id, token } = await sentInvoice(alice);
    const url = CheckoutSchema.parse((await api(null, 'POST', `/api/public/invoice-payments/${token}/checkout`, {})).json()).url;
    await stub.pay(url.slice(url.lastIndexOf('/') + 1), 'card');

    const off = await api(alice, 'DELETE', '/api/payments/stripe-connect');
    expect(off.statusCode).toBe(200);
    expect(PaymentsStatusSchema.parse(off.json())).toMatchObject({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null });
    const other = await sentInvoice(alice);
    expect(await payState(other.token)).toMatchObject({ available: false });
    expect((await api(null, 'POST', `/api/public/invoice-payments/${other.token}/checkout`, {})).statusCode).toBe(409);

    const [payment] = InvoiceOnlinePaymentsSchema.parse((await api(alice, 'GET', `/api/invoices/${id}/online-payments`)).json()).payments;
    expect((await api(alice, 'POST', `/api/online-payments/${payment!.id}/refund`, { amount_cents: 2_000 })).statusCode).toBe(200);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.account).toBe(oak);

    // A late account.updated of the forgotten account changes nothing for the workspace.
    await stub.deliver(await stub.emit('account.updated', { ...stub.accounts.get(oak)! }, oak));
    expect((await statusOf(alice)).connection).toBeNull();

    const fresh = await connectStripeAccount(ctx, stub, alice);
    expect(fresh).not.toBe(oak);
  });

  it('the company disconnecting Fieldbook in its Stripe dashboard (account.application.deauthorized) turns its Pay off, no one else’s', async () => {
    const oak = (await statusOf(alice)).connection!.account_id;
    const elm = (await statusOf(eve)).connection!.account_id;
    const application = { id: 'ca_test_fieldbook', object: 'application', name: 'Fieldbook' };
    // Sent from the platform (no account): nothing.
    await stub.emit('account.application.deauthorized', application, null);
    expect((await statusOf(alice)).connection?.account_id).toBe(oak);
    await stub.emit('account.application.deauthorized', application, oak);
    expect(await statusOf(alice)).toMatchObject({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null });
    expect((await statusOf(eve)).connection?.account_id).toBe(elm);
  });
});
