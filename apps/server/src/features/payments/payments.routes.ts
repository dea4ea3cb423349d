import { paymentEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createRateLimiter, enforceRateLimit } from '../../platform/rate-limit';
import {
  invoiceOnlinePayments,
  paymentsStatus,
  publicDeposit,
  publicInvoicePayment,
  refundOnlinePayment,
  startDepositCheckout,
  startInvoiceCheckout,
  updatePaymentSettings,
} from './payments.service';
import { handleStripeWebhook } from './webhook';

const publicPrefix = (path: string) => path.slice(0, path.indexOf(':'));
const PUBLIC_PREFIXES = [publicPrefix(endpoints.publicInvoice.path), publicPrefix(endpoints.publicDeposit.path)];

/** Online payments (issue 33): Stripe Checkout for a client's invoice or deposit, its webhook, refunds through Stripe. */
export async function paymentsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer } = deps;
  const stripe = deps.config.stripe;
  const publicDeps = () => ({ db, signer, publicUrl: deps.config.publicUrl, stripe, now: deps.now() });

  route(app, endpoints.status, async ({ actor }) => paymentsStatus(db, stripe, actor.workspaceId));
  route(app, endpoints.updateSettings, async ({ actor, body }) => updatePaymentSettings({ db, stripe, actor, allowPartial: body.allow_partial_payments }));
  route(app, endpoints.forInvoice, async ({ actor, params }) => invoiceOnlinePayments({ db, stripe, actor, invoiceId: params.id, now: deps.now() }));
  route(app, endpoints.refund, async ({ actor, params, body }) => refundOnlinePayment({ db, stripe, actor, id: params.id, amountCents: body.amount_cents, now: deps.now() }));

  // The client's links (no session): every request counted per address before anything is read, as the quote and
  // invoice pages' own endpoints are (AUTH_RATE_LIMIT a minute).
  const perAddress = createRateLimiter({ db, name: 'payment-link-ip', limit: deps.config.authRateLimit, windowMs: 60_000, now: deps.now });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const url = req.routeOptions.url ?? '';
    if (!PUBLIC_PREFIXES.some((p) => url.startsWith(p))) return;
    await enforceRateLimit(perAddress, req.ip, { message: (retryIn) => `Too many requests for this link. Try again in ${retryIn}.` });
  });
  route(app, endpoints.publicInvoice, async ({ params }) => publicInvoicePayment(publicDeps(), params.token));
  route(app, endpoints.publicInvoiceCheckout, async ({ params, body }) => startInvoiceCheckout(publicDeps(), params.token, body.amount_cents));
  route(app, endpoints.publicDeposit, async ({ params }) => publicDeposit(publicDeps(), params.token));
  route(app, endpoints.publicDepositCheckout, async ({ params }) => startDepositCheckout(publicDeps(), params.token));

  // The webhook needs the body exactly as Stripe signed it: in its own scope, JSON is kept as bytes.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    route(hook, endpoints.stripeWebhook, async ({ req }) => {
      const signature = req.headers['stripe-signature'];
      return handleStripeWebhook({ db, stripe, now: deps.now() }, Buffer.isBuffer(req.body) ? req.body : undefined, typeof signature === 'string' ? signature : undefined);
    });
  });
}
