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
};
export type StubPaymentIntent = { id: string; object: 'payment_intent'; amount: number; amount_received: number; currency: string; status: string; metadata: Record<string, string>; payment_method_types: string[]; latest_charge: string };
export type StubRefund = { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; charge: string; status: 'succeeded' | 'pending'; metadata: Record<string, string>; created: number };
export type StubEvent = { id: string; object: 'event'; api_version: string; created: number; type: string; livemode: false; pending_webhooks: number; request: { id: null; idempotency_key: null }; data: { object: unknown } };
export type StubRequest = { method: string; path: string; idempotencyKey: string | undefined; body: Record<string, unknown> };

export type StripeStub = {
  url: string;
  env: Record<string, string>;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StubSession>;
  paymentIntents: Map<string, StubPaymentIntent>;
  refunds: Map<string, StubRefund>;
  events: StubEvent[];
  requests: StubRequest[];
  /** Where events are POSTed (the app's webhook endpoint); null: kept only. */
  webhookUrl: string | null;
  autoDeliver: boolean;
  /** Answers of the automatic deliveries, in order. */
  deliveries: number[];
  failNext(status: number, times?: number): void;
  pay(sessionId: string, how: 'card' | 'bank' | 'decline'): Promise<void>;
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
    async pay(sessionId, how) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      if (how === 'decline') return; // Stripe's page says the card was declined; the session stays open.
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
      };
      paymentIntents.set(pi.id, pi);
      Object.assign(s, { status: 'complete', payment_status: how === 'card' ? 'paid' : 'unpaid', payment_intent: pi.id, url: null });
      await emit('checkout.session.completed', { ...s });
    },
    async settleBank(sessionId, result) {
      const s = sessions.get(sessionId);
      const pi = s?.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
      if (!s || !pi || pi.status !== 'processing') throw new Error(`session ${sessionId} has no processing bank payment`);
      pi.status = result === 'succeeded' ? 'succeeded' : 'requires_payment_method';
      if (result === 'succeeded') {
        pi.amount_received = pi.amount;
        s.payment_status = 'paid';
      }
      await emit(result === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', { ...s });
    },
    async expire(sessionId) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      Object.assign(s, { status: 'expired', url: null });
      await emit('checkout.session.expired', { ...s });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function emit(type: string, object: unknown): Promise<void> {
    const event: StubEvent = { id: id('evt'), object: 'event', api_version: API_VERSION, created: nowSeconds(), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
    events.push(event);
    if (stub.autoDeliver && stub.webhookUrl) stub.deliveries.push(await stub.deliver(event));
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) => send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  function createSession(body: Record<string, unknown>): { status: number; body: unknown } {
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
    };
    sessions.set(sid, s);
    return { status: 200, body: s };
  }

  async function createRefund(body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const pi = paymentIntents.get(String(body.payment_intent));
    if (!pi) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${String(body.payment_intent)}'` } } };
    if (pi.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund' } } };
    const already = [...refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
    const amount = body.amount === undefined ? pi.amount_received - already : Number(body.amount);
    if (amount > pi.amount_received - already) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge` } } };
    const refund: StubRefund = { id: id('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, status: 'succeeded', metadata: (body.metadata as Record<string, string>) ?? {}, created: nowSeconds() };
    refunds.set(refund.id, refund);
    const all = [...refunds.values()].filter((r) => r.payment_intent === pi.id);
    // Stripe also tells the webhook (a refund made in its dashboard arrives only this way).
    setImmediate(() => void emit('charge.refunded', { id: pi.latest_charge, object: 'charge', amount: pi.amount, amount_refunded: already + amount, payment_intent: pi.id, refunded: already + amount === pi.amount_received, refunds: { object: 'list', data: all } }).catch(() => {}));
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
        await stub.pay(s.id, hosted[2] as 'card' | 'bank' | 'decline');
        if (hosted[2] === 'decline') return void res.writeHead(402, { 'content-type': 'text/html' }).end('<p>Your card was declined.</p>');
        return void res.writeHead(303, { location: s.success_url }).end();
      }
    }
    if (!url.pathname.startsWith('/v1/')) return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const body = text ? parseStripeForm(text) : {};
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, body });
    const fault = faults.shift();
    if (fault) return stripeError(res, fault, 'api_error', 'Something went wrong on the stand-in (a fault asked for by the test)');
    const cacheKey = key && req.method === 'POST' ? `${url.pathname} ${key}` : null;
    if (cacheKey && idempotent.has(cacheKey)) {
      const kept = idempotent.get(cacheKey)!;
      // As Stripe: a key sent again with other parameters is refused, not answered with the first result.
      if (kept.params !== text) return stripeError(res, 400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      res.setHeader('idempotent-replayed', 'true');
      return send(res, kept.status, kept.body);
    }
    let answer: { status: number; body: unknown };
    const m = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/.exec(url.pathname);
    if (m && req.method === 'POST' && !m[1]) answer = createSession(body);
    else if (m && m[1] && req.method === 'GET' && !m[2]) answer = sessions.has(m[1]) ? { status: 200, body: sessions.get(m[1]) } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } } };
    else if (m && m[1] && m[2] && req.method === 'POST') {
      const s = sessions.get(m[1]);
      if (!s) answer = { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } } };
      else if (s.status !== 'open') answer = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired' } } };
      else {
        await stub.expire(s.id);
        answer = { status: 200, body: s };
      }
    } else if (/^\/v1\/payment_intents\/[^/]+$/.test(url.pathname) && req.method === 'GET') {
      const pi = paymentIntents.get(url.pathname.split('/')[3]!);
      answer = pi ? { status: 200, body: pi } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } } };
    } else if (url.pathname === '/v1/refunds' && req.method === 'POST') answer = await createRefund(body);
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
