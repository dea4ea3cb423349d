import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking the parts of Stripe's HTTP API Fieldbook uses — a stand-in for the third party written
 * from Stripe's documented shapes (stripe-mock is a Go binary, not available here). The production code reaches it
 * through the official `stripe` package with STRIPE_API_URL as its host, port and protocol, as it would reach Stripe.
 *
 * API (form-encoded bodies with bracket keys, `Authorization: Bearer <secret key>`, `Idempotency-Key` honoured as
 * Stripe does: the same key answers the first answer again, and with other parameters is a 400 idempotency_error): POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
 * POST /v1/checkout/sessions/:id/expire, GET /v1/payment_intents/:id, POST /v1/refunds. Errors as Stripe's:
 * `{ error: { type, message, code? } }`.
 *
 * The hosted page: GET /pay/:session (what `session.url` opens) with Pay by card, Pay by bank and Decline; POST
 * /pay/:session/{card,bank,decline} (or `pay(id, how)` from a test). A card payment completes the session paid; a bank
 * payment completes it unpaid (processing) and `settleBank(id, 'succeeded' | 'failed')` — or, on the same page for a
 * browser walk, POST /pay/:session/bank-succeeded or bank-failed — sends the later result.
 *
 * Webhooks: each event (checkout.session.completed, …async_payment_succeeded / _failed, …expired, charge.refunded) is
 * kept in `events` and, while `webhookUrl` is set and `autoDeliver` true, POSTed there at once, signed as Stripe signs:
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the webhook secret>`.
 * `deliver(event, { timestamp, secret })` sends one again (a duplicate, a replay, a late or out-of-order event).
 * Faults: `failNext(status, times)` answers the next API requests with that status (5xx are retried by the package).
 *
 * Connect (Stripe's documented shapes): POST /v1/accounts (type express or standard; `charges_enabled`,
 * `details_submitted`, `payouts_enabled` false until onboarding), GET /v1/accounts/:id, POST /v1/account_links
 * (`type: account_onboarding`, `return_url`, `refresh_url` → `{ object: 'account_link', url, expires_at }`). The hosted
 * onboarding: GET /connect/onboard/:link with Complete onboarding, POST …/complete (or `completeOnboarding(account)`):
 * the account's charges and payouts are enabled, `account.updated` is sent (with `account` set, as Connect events are),
 * and the browser goes to `return_url`; a link is used once (a second use goes to `refresh_url`, as Stripe's expired
 * links do). Every API request may carry `Stripe-Account: acct_…`: Checkout Sessions, payment intents and refunds are
 * made on that account and found only with it (another account's, or the platform's, answer 404 resource_missing, as
 * Stripe's do); the account must exist (else 403 account_invalid); idempotency keys are per account; each event about
 * an object of a connected account carries `account`.
 */

export type StubSession = {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  url: string | null;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  created: number;
  expires_at: number;
  livemode: false;
  customer_details: { email: string | null } | null;
  /** The connected account it was made on (Stripe-Account), null for the platform's own; not a Stripe field. */
  _account: string | null;
};
export type StubAccount = {
  id: string;
  object: 'account';
  type: 'express' | 'standard';
  country: string;
  email: string | null;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  metadata: Record<string, string>;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  requirements: { currently_due: string[]; disabled_reason: string | null };
  created: number;
};
export type StubAccountLink = { object: 'account_link'; url: string; created: number; expires_at: number; _account: string; _return: string; _refresh: string; _used: boolean };
export type StubPaymentIntent = { id: string; object: 'payment_intent'; amount: number; amount_received: number; currency: string; status: string; metadata: Record<string, string>; payment_method_types: string[]; latest_charge: string; _account: string | null };
export type StubRefund = { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; charge: string; status: 'succeeded' | 'pending'; metadata: Record<string, string>; created: number; _account: string | null };
export type StubEvent = { id: string; object: 'event'; account?: string; api_version: string; created: number; type: string; livemode: false; pending_webhooks: number; request: { id: null; idempotency_key: null }; data: { object: unknown } };
export type StubRequest = { method: string; path: string; idempotencyKey: string | undefined; account: string | undefined; body: Record<string, unknown> };

export type StripeStub = {
  url: string;
  env: Record<string, string>;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StubSession>;
  paymentIntents: Map<string, StubPaymentIntent>;
  refunds: Map<string, StubRefund>;
  accounts: Map<string, StubAccount>;
  accountLinks: Map<string, StubAccountLink>;
  events: StubEvent[];
  requests: StubRequest[];
  /** Where events are POSTed (the app's webhook endpoint); null: kept only. */
  webhookUrl: string | null;
  autoDeliver: boolean;
  /** Answers of the automatic deliveries, in order. */
  deliveries: number[];
  failNext(status: number, times?: number): void;
  pay(sessionId: string, how: 'card' | 'bank' | 'decline', opts?: { email?: string }): Promise<void>;
  /** Finishes an account's onboarding (what the hosted onboarding page's button does): charges on, `account.updated` sent. */
  completeOnboarding(accountId: string): Promise<void>;
  /** Sends an event as if it happened on `account` (a Connect event), or on the platform when null. */
  emit(type: string, object: unknown, account: string | null): Promise<StubEvent>;
  settleBank(sessionId: string, result: 'succeeded' | 'failed'): Promise<void>;
  expire(sessionId: string): Promise<void>;
  deliver(event: StubEvent, opts?: { timestamp?: number; secret?: string; signature?: string }): Promise<number>;
  signature(payload: string, timestamp: number, secret?: string): string;
  close(): Promise<void>;
};

const API_VERSION = '2026-11-18.endive';
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding back into an object: `a[b][0][c]=x` → { a: { b: [{ c: 'x' }] } }. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const k = (Array.isArray(node) ? Number(part) : part) as never;
      if (last) (node as Record<string, unknown>)[k] = value;
      else {
        (node as Record<string, unknown>)[k] ??= nextIsIndex ? [] : {};
        node = (node as Record<string, unknown>)[k] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export async function startStripeStub(opts: { autoDeliver?: boolean } = {}): Promise<StripeStub> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StubSession>();
  const paymentIntents = new Map<string, StubPaymentIntent>();
  const refunds = new Map<string, StubRefund>();
  const accounts = new Map<string, StubAccount>();
  const accountLinks = new Map<string, StubAccountLink>();
  const events: StubEvent[] = [];
  const requests: StubRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown; params: string }>();
  const faults: number[] = [];
  let base = '';

  const signature = (payload: string, timestamp: number, secret = webhookSecret) => `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  const stub: StripeStub = {
    url: '',
    env: {},
    secretKey,
    webhookSecret,
    sessions,
    paymentIntents,
    refunds,
    accounts,
    accountLinks,
    events,
    requests,
    webhookUrl: null,
    autoDeliver: opts.autoDeliver ?? true,
    deliveries: [],
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) faults.push(status);
    },
    async deliver(event, o = {}) {
      if (!stub.webhookUrl) throw new Error('the stub has no webhookUrl');
      const payload = JSON.stringify(event, null, 2);
      const header = o.signature ?? signature(payload, o.timestamp ?? nowSeconds(), o.secret);
      const res = await fetch(stub.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
      await res.arrayBuffer();
      return res.status;
    },
    signature,
    async pay(sessionId, how, o = {}) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      if (how === 'decline') return; // Stripe's page says the card was declined; the session stays open.
      // Checkout asks the payer's email on its page.
      s.customer_details = { email: o.email ?? null };
      const pi: StubPaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: s.amount_total,
        amount_received: how === 'card' ? s.amount_total : 0,
        currency: s.currency,
        status: how === 'card' ? 'succeeded' : 'processing',
        metadata: s.metadata,
        payment_method_types: [how === 'card' ? 'card' : 'us_bank_account'],
        latest_charge: id('ch'),
        _account: s._account,
      };
      paymentIntents.set(pi.id, pi);
      Object.assign(s, { status: 'complete', payment_status: how === 'card' ? 'paid' : 'unpaid', payment_intent: pi.id, url: null });
      await emit('checkout.session.completed', { ...s }, s._account);
    },
    async completeOnboarding(accountId) {
      const a = accounts.get(accountId);
      if (!a) throw new Error(`no account ${accountId}`);
      Object.assign(a, { details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } });
      for (const c of Object.keys(a.capabilities)) a.capabilities[c] = 'active';
      await emit('account.updated', { ...a }, a.id);
    },
    emit: (type, object, account) => emit(type, object, account),
    async settleBank(sessionId, result) {
      const s = sessions.get(sessionId);
      const pi = s?.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
      if (!s || !pi || pi.status !== 'processing') throw new Error(`session ${sessionId} has no processing bank payment`);
      pi.status = result === 'succeeded' ? 'succeeded' : 'requires_payment_method';
      if (result === 'succeeded') {
        pi.amount_received = pi.amount;
        s.payment_status = 'paid';
      }
      await emit(result === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', { ...s }, s._account);
    },
    async expire(sessionId) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      Object.assign(s, { status: 'expired', url: null });
      await emit('checkout.session.expired', { ...s }, s._account);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  // Our bookkeeping fields (`_account`, …) are not Stripe's: they never leave the stand-in.
  const visible = (o: unknown): unknown => (o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_'))) : o);

  async function emit(type: string, object: unknown, account: string | null): Promise<StubEvent> {
    const event: StubEvent = {
      id: id('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: visible(object) },
    };
    events.push(event);
    if (stub.autoDeliver && stub.webhookUrl) stub.deliveries.push(await stub.deliver(event));
    return event;
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(visible(body)));
  };
  const missing = (what: string, idOf: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${idOf}'` } } });

  function createAccount(body: Record<string, unknown>): { status: number; body: unknown } {
    const type = body.type ?? 'standard';
    if (type !== 'express' && type !== 'standard') return { status: 400, body: { error: { type: 'invalid_request_error', param: 'type', message: `Invalid type: must be one of custom, express, or standard` } } };
    const requested = Object.keys((body.capabilities as Record<string, unknown> | undefined) ?? {});
    const a: StubAccount = {
      id: id('acct'),
      object: 'account',
      type,
      country: typeof body.country === 'string' ? body.country : 'US',
      email: typeof body.email === 'string' ? body.email : null,
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      metadata: (body.metadata as Record<string, string>) ?? {},
      capabilities: Object.fromEntries(requested.map((c) => [c, 'inactive' as const])),
      requirements: { currently_due: ['business_type', 'external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
      created: nowSeconds(),
    };
    accounts.set(a.id, a);
    return { status: 200, body: a };
  }

  function createAccountLink(body: Record<string, unknown>): { status: number; body: unknown } {
    const account = String(body.account ?? '');
    if (!accounts.has(account)) return missing('account', account);
    if (body.type !== 'account_onboarding' && body.type !== 'account_update') return { status: 400, body: { error: { type: 'invalid_request_error', param: 'type', message: 'Invalid type' } } };
    if (typeof body.return_url !== 'string' || typeof body.refresh_url !== 'string') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing required param: return_url or refresh_url' } } };
    const linkId = id('acctlink');
    const link: StubAccountLink = { object: 'account_link', url: `${base}/connect/onboard/${linkId}`, created: nowSeconds(), expires_at: nowSeconds() + 300, _account: account, _return: body.return_url, _refresh: body.refresh_url, _used: false };
    accountLinks.set(linkId, link);
    return { status: 200, body: link };
  }
  const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) => send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  function createSession(body: Record<string, unknown>, account: string | null): { status: number; body: unknown } {
    const items = body.line_items as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[] | undefined;
    const item = items?.[0];
    const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
    if (!Number.isInteger(amount) || amount < 50) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid line_items: the amount must be at least 50 cents', param: 'line_items' } } };
    if (body.mode !== 'payment' || typeof body.success_url !== 'string') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing required param: success_url or mode' } } };
    const sid = id('cs');
    const s: StubSession = {
      id: sid,
      object: 'checkout.session',
      amount_total: amount,
      amount_subtotal: amount,
      currency: item?.price_data?.currency ?? 'usd',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      url: `${base}/pay/${sid}`,
      success_url: body.success_url,
      cancel_url: String(body.cancel_url ?? body.success_url),
      client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      payment_method_types: (body.allowed_payment_method_types as string[] | undefined) ?? (body.payment_method_types as string[] | undefined) ?? ['card'],
      created: nowSeconds(),
      expires_at: nowSeconds() + 24 * 3600,
      livemode: false,
      customer_details: null,
      _account: account,
    };
    sessions.set(sid, s);
    return { status: 200, body: s };
  }

  async function createRefund(body: Record<string, unknown>, account: string | null): Promise<{ status: number; body: unknown }> {
    const found = paymentIntents.get(String(body.payment_intent));
    // Another account's payment intent is not found on this one, as at Stripe.
    const pi = found && found._account === account ? found : undefined;
    if (!pi) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${String(body.payment_intent)}'` } } };
    if (pi.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund' } } };
    const already = [...refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
    const amount = body.amount === undefined ? pi.amount_received - already : Number(body.amount);
    if (amount > pi.amount_received - already) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge` } } };
    const refund: StubRefund = { id: id('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, status: 'succeeded', metadata: (body.metadata as Record<string, string>) ?? {}, created: nowSeconds(), _account: account };
    refunds.set(refund.id, refund);
    const all = [...refunds.values()].filter((r) => r.payment_intent === pi.id);
    // Stripe also tells the webhook (a refund made in its dashboard arrives only this way).
    setImmediate(
      () =>
        void emit(
          'charge.refunded',
          { id: pi.latest_charge, object: 'charge', amount: pi.amount, amount_refunded: already + amount, payment_intent: pi.id, refunded: already + amount === pi.amount_received, refunds: { object: 'list', data: all.map(visible) } },
          account,
        ).catch(() => {}),
    );
    return { status: 200, body: refund };
  }

  const processing = (s: StubSession) => (s.payment_intent ? paymentIntents.get(s.payment_intent)?.status === 'processing' : false);
  const page = (s: StubSession) => `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Pay $${(s.amount_total / 100).toFixed(2)}</title></head><body>
<h1>Stripe stand-in</h1><p>Pay $${(s.amount_total / 100).toFixed(2)}</p>
${
  s.status === 'open'
    ? `<form method="post" action="/pay/${s.id}/card"><button>Pay</button></form>
<form method="post" action="/pay/${s.id}/bank"><button>Pay by bank</button></form>
<form method="post" action="/pay/${s.id}/decline"><button>Decline</button></form>`
    : processing(s)
      ? `<p>Bank payment processing.</p>
<form method="post" action="/pay/${s.id}/bank-succeeded"><button>Bank payment succeeds</button></form>
<form method="post" action="/pay/${s.id}/bank-failed"><button>Bank payment fails</button></form>`
      : `<p>This session is ${s.status}${s.payment_status === 'paid' ? ' and paid' : ''}.</p>`
}
<p><a href="${s.cancel_url}">Back</a></p></body></html>`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const onboarding = /^\/connect\/onboard\/([^/]+)(\/complete)?$/.exec(url.pathname);
    if (onboarding) {
      const link = accountLinks.get(onboarding[1]!);
      if (!link) return void res.writeHead(404).end('No such account link');
      // A link is used once and lives minutes: after that Stripe sends the browser to refresh_url for a new one.
      if (link._used || link.expires_at < nowSeconds()) return void res.writeHead(303, { location: link._refresh }).end();
      if (req.method === 'GET' && !onboarding[2])
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Connect with Stripe</title></head><body><h1>Stripe stand-in: onboarding</h1><p>Account ${link._account}</p><form method="post" action="/connect/onboard/${onboarding[1]}/complete"><button>Complete onboarding</button></form><p><a href="${link._refresh}">Cancel</a></p></body></html>`,
          );
      if (req.method === 'POST' && onboarding[2]) {
        link._used = true;
        await stub.completeOnboarding(link._account);
        return void res.writeHead(303, { location: link._return }).end();
      }
    }
    const hosted = /^\/pay\/([^/]+)(?:\/(card|bank|decline|bank-succeeded|bank-failed))?$/.exec(url.pathname);
    if (hosted) {
      const s = sessions.get(hosted[1]!);
      if (!s) return void res.writeHead(404).end('No such session');
      if (req.method === 'GET' && !hosted[2]) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(s));
      // The bank's later answer, by hand (a browser walk): what settleBank does for a test.
      if (req.method === 'POST' && (hosted[2] === 'bank-succeeded' || hosted[2] === 'bank-failed')) {
        await stub.settleBank(s.id, hosted[2] === 'bank-succeeded' ? 'succeeded' : 'failed');
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(s));
      }
      if (req.method === 'POST' && hosted[2]) {
        if (s.status !== 'open') return void res.writeHead(409).end('This session is no longer open');
        const email = new URLSearchParams(text).get('email');
        await stub.pay(s.id, hosted[2] as 'card' | 'bank' | 'decline', email ? { email } : {});
        if (hosted[2] === 'decline') return void res.writeHead(402, { 'content-type': 'text/html' }).end('<p>Your card was declined.</p>');
        return void res.writeHead(303, { location: s.success_url }).end();
      }
    }
    if (!url.pathname.startsWith('/v1/')) return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const body = text ? parseStripeForm(text) : {};
    const key = req.headers['idempotency-key'] as string | undefined;
    const accountHeader = req.headers['stripe-account'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, account: accountHeader, body });
    const fault = faults.shift();
    if (fault) return stripeError(res, fault, 'api_error', 'Something went wrong on the stand-in (a fault asked for by the test)');
    // Stripe-Account: the request acts on that connected account, which must be one of the platform's.
    if (accountHeader !== undefined && !accounts.has(accountHeader))
      return stripeError(res, 403, 'invalid_request_error', `The provided key does not have access to account '${accountHeader}' (or that account does not exist).`, 'account_invalid');
    const account = accountHeader ?? null;
    const onAccount = <T extends { _account: string | null }>(o: T | undefined) => (o && o._account === account ? o : undefined);
    const cacheKey = key && req.method === 'POST' ? `${account ?? 'platform'} ${url.pathname} ${key}` : null;
    if (cacheKey && idempotent.has(cacheKey)) {
      const kept = idempotent.get(cacheKey)!;
      // As Stripe: a key sent again with other parameters is refused, not answered with the first result.
      if (kept.params !== text) return stripeError(res, 400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      res.setHeader('idempotent-replayed', 'true');
      return send(res, kept.status, kept.body);
    }
    let answer: { status: number; body: unknown };
    const m = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/.exec(url.pathname);
    const acct = /^\/v1\/accounts(?:\/([^/]+))?$/.exec(url.pathname);
    if (acct && req.method === 'POST' && !acct[1]) answer = accountHeader ? { status: 400, body: { error: { type: 'invalid_request_error', message: 'Accounts are created by the platform, not on a connected account' } } } : createAccount(body);
    else if (acct && acct[1] && req.method === 'GET') answer = accounts.has(acct[1]) && (!accountHeader || accountHeader === acct[1]) ? { status: 200, body: accounts.get(acct[1]) } : missing('account', acct[1]);
    else if (url.pathname === '/v1/account_links' && req.method === 'POST') answer = createAccountLink(body);
    else if (m && req.method === 'POST' && !m[1]) answer = createSession(body, account);
    else if (m && m[1] && req.method === 'GET' && !m[2]) answer = onAccount(sessions.get(m[1])) ? { status: 200, body: sessions.get(m[1]) } : missing('checkout.session', m[1]);
    else if (m && m[1] && m[2] && req.method === 'POST') {
      const s = onAccount(sessions.get(m[1]));
      if (!s) answer = { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } } };
      else if (s.status !== 'open') answer = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired' } } };
      else {
        await stub.expire(s.id);
        answer = { status: 200, body: s };
      }
    } else if (/^\/v1\/payment_intents\/[^/]+$/.test(url.pathname) && req.method === 'GET') {
      const pi = onAccount(paymentIntents.get(url.pathname.split('/')[3]!));
      answer = pi ? { status: 200, body: pi } : missing('payment_intent', url.pathname.split('/')[3]!);
    } else if (url.pathname === '/v1/refunds' && req.method === 'POST') answer = await createRefund(body, account);
    else answer = { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } } };
    if (cacheKey) idempotent.set(cacheKey, { ...answer, params: text });
    send(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) stripeError(res, 500, 'api_error', err instanceof Error ? err.message : String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.url = base;
  stub.env = { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: base };
  return stub;
}
