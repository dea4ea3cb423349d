import {
  ApprovedQuoteSchema,
  DEPOSIT_STEP_OFF,
  InvoiceSchema,
  PublicDepositSchema,
  PublicQuoteSchema,
  QUOTE_SETTINGS_ADMIN_ONLY,
  QuoteSchema,
  QuoteSettingsSchema,
  SentQuoteSchema,
  type QuoteBody,
} from '@fieldbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import type { StripeStub } from '../../test/stripe-stub';
import { startAppWithStripe } from '../../test/stripe-app';
import { signaturePng } from './quotes.test-helpers';

// Deposit on approval (issue 33): the workspace's setting (admins), and "Deposit required" — signing leads straight
// to Stripe's page for the deposit — against the Stripe stand-in over real HTTP, as payments.routes.test does.

let ctx: TestContext;
let stub: StripeStub;
let alice: TestUser; // owner of a workspace whose Stripe account is connected
let bob: TestUser; // a plain member of it
let carol: TestUser; // owner of a workspace with no Stripe account connected
let eve: TestUser; // another workspace

const QUOTE: QuoteBody = {
  title: 'New fence',
  items: [{ name: 'Cedar fence', quantity: 100, unit: 'ft', unit_price_cents: 4_000, taxable: false }],
  deposit: { type: 'percent', percent: 30 },
  expires_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

/** Connect in Settings › Payments → the stand-in's onboarding page → Complete (its account.updated reaches the webhook). */
async function connect(user: TestUser): Promise<void> {
  const res = await api(user, 'POST', '/api/payments/stripe-connect');
  expect(res.statusCode, res.body).toBe(200);
  const url = (res.json() as { url: string }).url;
  expect((await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
}

/** A sent quote with a 30 % deposit of $4,000.00 on a job of the user's workspace: its id and the client's token. */
async function sentQuote(user: TestUser): Promise<{ id: string; token: string }> {
  const job = await insertJob(ctx.db, { workspaceId: user.workspaceId!, title: 'Fence' });
  const contact = await insertContact(ctx.db, { ownerId: user.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' });
  const quote = QuoteSchema.parse((await api(user, 'POST', `/api/jobs/${job.id}/quotes`, QUOTE)).json());
  const sent = SentQuoteSchema.parse((await api(user, 'POST', `/api/quotes/${quote.id}/send`, { contact_id: contact.id, methods: ['email'] })).json());
  return { id: quote.id, token: sent.link.slice(sent.link.lastIndexOf('/') + 1) };
}

const page = async (token: string) => PublicQuoteSchema.parse((await api(null, 'GET', `/api/public/quotes/${token}`)).json());
const approve = async (token: string) => {
  const shown = await page(token);
  const res = await api(null, 'POST', `/api/public/quotes/${token}/approve`, { signer_name: 'Maria Garcia', signature_png: signaturePng(), consent: true, option: null, content_fingerprint: shown.content_fingerprint });
  expect(res.statusCode, res.body).toBe(200);
  return ApprovedQuoteSchema.parse(res.json());
};
const depositState = async (token: string) => PublicDepositSchema.parse((await api(null, 'GET', `/api/public/quote-deposits/${token}`)).json());
const setMode = (user: TestUser, mode: string) => api(user, 'PUT', '/api/quote-settings', { deposit_mode: mode });

beforeAll(async () => {
  ({ ctx, stub } = await startAppWithStripe());
  alice = await createTestUser(ctx, { workspaceName: 'Oak & Sons' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  carol = await createTestUser(ctx, { workspaceName: 'Not Connected Ltd' });
  eve = await createTestUser(ctx);
  await connect(alice);
});
afterAll(async () => {
  await ctx?.close();
  await stub?.close();
});

describe('the deposit step setting', () => {
  it('is "Deposit offered" until changed; any member reads it, only an admin changes it; each workspace has its own', async () => {
    const member = await api(bob, 'GET', '/api/quote-settings');
    expect(member.statusCode).toBe(200);
    expect(QuoteSettingsSchema.parse(member.json())).toEqual({ deposit_mode: 'offered', effective_deposit_mode: 'offered', online_payments_enabled: true, notice: null, can_edit: false });
    const refused = await setMode(bob, 'required');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(QUOTE_SETTINGS_ADMIN_ONLY);
    expect(QuoteSettingsSchema.parse((await api(bob, 'GET', '/api/quote-settings')).json()).deposit_mode).toBe('offered');
    expect((await setMode(alice, 'sometimes')).statusCode).toBe(400);
    expect((await api(null, 'GET', '/api/quote-settings')).statusCode).toBe(401);

    const saved = QuoteSettingsSchema.parse((await setMode(alice, 'required')).json());
    expect(saved).toMatchObject({ deposit_mode: 'required', effective_deposit_mode: 'required', notice: null, can_edit: true });
    expect(QuoteSettingsSchema.parse((await api(eve, 'GET', '/api/quote-settings')).json()).deposit_mode).toBe('offered');
    await setMode(alice, 'offered');
  });

  it('"No deposit step": the page offers no deposit step; "Deposit offered": it offers Pay deposit after approval, nothing at signing', async () => {
    await setMode(alice, 'none');
    const none = await sentQuote(alice);
    expect((await page(none.token)).deposit_step).toBe('none');
    await setMode(alice, 'offered');
    const offered = await sentQuote(alice);
    expect((await page(offered.token)).deposit_step).toBe('offered');
    const approved = await approve(offered.token);
    expect(approved).toMatchObject({ status: 'approved', deposit_checkout_url: null });
    expect(await depositState(offered.token)).toMatchObject({ available: true, status: 'unpaid', deposit_cents: 120_000 });
    expect(stub.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.metadata && (r.body.metadata as Record<string, string>).fieldbook_quote_id === offered.id)).toEqual([]);
  });
});

describe('Deposit required', () => {
  it('signing approves the quote (signature kept) and answers Stripe’s page for the deposit; paid there, it is credited to the first invoice', async () => {
    await setMode(alice, 'required');
    try {
      const { id, token } = await sentQuote(alice);
      expect((await page(token)).deposit_step).toBe('required');
      const approved = await approve(token);
      expect(approved.status).toBe('approved');
      expect(approved.approval).toMatchObject({ signer_name: 'Maria Garcia', totals: { total_cents: 400_000, deposit_cents: 120_000 } });
      expect(approved.deposit_checkout_url?.startsWith(`${stub.url}/pay/`)).toBe(true);
      const sessionId = approved.deposit_checkout_url!.slice(approved.deposit_checkout_url!.lastIndexOf('/') + 1);
      expect(stub.sessions.get(sessionId)).toMatchObject({ amount_total: 120_000, metadata: { fieldbook_purpose: 'deposit', fieldbook_quote_id: id } });
      expect(stub.sessions.get(sessionId)!.success_url).toBe(`http://localhost:3000/q/${token}?payment=done`);
      // The contractor's quote has the signed approval; until the client pays, the deposit shows as due.
      const quote = QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${id}`)).json());
      expect(quote.approval).toMatchObject({ signer_name: 'Maria Garcia', method: 'signature' });
      expect(await depositState(token)).toMatchObject({ status: 'unpaid', available: true, deposit_cents: 120_000 });

      await stub.pay(sessionId, 'card');
      expect(await depositState(token)).toMatchObject({ status: 'paid' });
      const made = await api(alice, 'POST', `/api/jobs/${quote.job_id}/invoices/from-quote`, { quote_id: id });
      expect(made.statusCode, made.body).toBe(201);
      const invoice = InvoiceSchema.parse(made.json());
      expect(invoice.totals).toMatchObject({ total_cents: 400_000, paid_cents: 120_000, balance_cents: 280_000 });
      expect(invoice.payments).toMatchObject([{ amount_cents: 120_000, note: `Deposit paid online on quote ${quote.number}` }]);
    } finally {
      await setMode(alice, 'offered');
    }
  });

  it('when Stripe cannot be reached the approval still stands, with no page to go to: the deposit stays due and Pay deposit is offered', async () => {
    await setMode(alice, 'required');
    try {
      const { id, token } = await sentQuote(alice);
      // The package's three tries (maxNetworkRetries 2) all answered 500.
      stub.failNext(500, 3);
      const approved = await approve(token);
      expect(approved).toMatchObject({ status: 'approved', deposit_checkout_url: null });
      expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${id}`)).json()).status).toBe('approved');
      expect(await depositState(token)).toMatchObject({ status: 'unpaid', available: true });
      expect((await api(null, 'POST', `/api/public/quote-deposits/${token}/checkout`)).statusCode).toBe(200);
    } finally {
      await setMode(alice, 'offered');
    }
  });

  it('a workspace whose clients cannot pay online: "required" is not in effect — the client approves as usual, and the contractor is told why', async () => {
    await setMode(carol, 'required');
    const settings = QuoteSettingsSchema.parse((await api(carol, 'GET', '/api/quote-settings')).json());
    expect(settings).toMatchObject({ deposit_mode: 'required', effective_deposit_mode: 'none', online_payments_enabled: false });
    expect(settings.notice?.startsWith(DEPOSIT_STEP_OFF('required', null))).toBe(true);
    const { id, token } = await sentQuote(carol);
    expect((await page(token)).deposit_step).toBe('none');
    const before = stub.requests.length;
    expect(await approve(token)).toMatchObject({ status: 'approved', deposit_checkout_url: null });
    expect(stub.requests.length).toBe(before);
    expect(QuoteSchema.parse((await api(carol, 'GET', `/api/quotes/${id}`)).json()).status).toBe('approved');
  });

  it('without Stripe configured on the server at all, the same: no dead end', async () => {
    const bare = await createTestApp();
    try {
      const owner = await createTestUser(bare);
      const put = await bare.app.inject({ method: 'PUT', url: '/api/quote-settings', headers: owner.headers, payload: { deposit_mode: 'required' } });
      expect(QuoteSettingsSchema.parse(put.json())).toMatchObject({ deposit_mode: 'required', effective_deposit_mode: 'none', online_payments_enabled: false });
      expect(put.json().notice).toContain('STRIPE_SECRET_KEY');
    } finally {
      await bare.close();
    }
  });
});
