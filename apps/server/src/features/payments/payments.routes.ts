import { paymentEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../platform/serve-blob';
import { INVOICE_LINKS, limitClientLinks, publicPrefixOf, QUOTE_LINKS } from '../../platform/client-links';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import {
  invoiceOnlinePayments,
  paymentsStatus,
  publicDeposit,
  publicInvoicePayment,
  publicReceiptPdf,
  quoteDepositPayments,
  refundOnlinePayment,
  startDepositCheckout,
  startInvoiceCheckout,
  updatePaymentSettings,
} from './payments.service';
import { connectStripe, disconnectStripe } from './stripe-connect';
import { handleStripeWebhook } from './webhook';

/** Online payments (issue 33): Stripe Checkout for a client's invoice or deposit, its webhook, refunds through Stripe. */
export async function paymentsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer } = deps;
  const stripe = deps.config.stripe;
  const publicDeps = () => ({ db, signer, publicUrl: deps.config.publicUrl, stripe, now: deps.now() });

  route(app, endpoints.status, async ({ actor }) => paymentsStatus(db, stripe, actor.workspaceId, actor.userId));
  route(app, endpoints.updateSettings, async ({ actor, body }) => updatePaymentSettings({ db, stripe, actor, allowPartial: body.allow_partial_payments }));
  route(app, endpoints.forInvoice, async ({ actor, params }) => invoiceOnlinePayments({ db, stripe, actor, invoiceId: params.id, now: deps.now() }));
  route(app, endpoints.forQuoteDeposit, async ({ actor, params }) => quoteDepositPayments({ db, actor, quoteId: params.id }));
  route(app, endpoints.refund, async ({ actor, params, body }) => refundOnlinePayment({ db, stripe, actor, id: params.id, amountCents: body.amount_cents, now: deps.now() }));
  route(app, endpoints.connect, async ({ actor }) => connectStripe({ db, stripe, actor, publicUrl: deps.config.publicUrl }));
  route(app, endpoints.disconnect, async ({ actor }) => disconnectStripe({ db, stripe, actor }));

  // The client's links (no session), through the client side's one home (platform/client-links.ts): every request
  // counted per address over every client link (AUTH_RATE_LIMIT a minute) and, for a genuine link, per invoice or
  // quote — the same per-item counters as the invoice's and the quote's own pages (QUOTE_LINK_RATE_LIMIT per 15
  // minutes) — before anything is read.
  const limits = { db, signer, now: deps.now, perAddress: deps.config.authRateLimit, perItem: deps.config.quoteLinkRateLimit };
  limitClientLinks(app, { ...limits, kind: INVOICE_LINKS, apiPrefix: publicPrefixOf(endpoints.publicInvoice.path), perItemName: 'invoice-link' });
  limitClientLinks(app, { ...limits, kind: QUOTE_LINKS, apiPrefix: publicPrefixOf(endpoints.publicDeposit.path), perItemName: 'quote-link' });
  route(app, endpoints.publicInvoice, async ({ params }) => publicInvoicePayment(publicDeps(), params.token));
  route(app, endpoints.publicInvoiceCheckout, async ({ params, body }) => startInvoiceCheckout(publicDeps(), params.token, body.amount_cents));
  route(app, endpoints.publicReceiptPdf, async ({ params, reply }) => {
    const { pdf, fileName } = await publicReceiptPdf(publicDeps(), params.token, params.paymentId);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', fileName)).header('cache-control', 'no-store').send(pdf);
  });
  route(app, endpoints.publicDeposit, async ({ params }) => publicDeposit(publicDeps(), params.token));
  route(app, endpoints.publicDepositCheckout, async ({ params }) => startDepositCheckout(publicDeps(), params.token));

  // The webhook needs the body exactly as Stripe signed it: in its own scope, JSON is kept as bytes.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    route(hook, endpoints.stripeWebhook, async ({ req }) => {
      const signature = req.headers['stripe-signature'];
      return handleStripeWebhook({ db, stripe, signer, publicUrl: deps.config.publicUrl, now: deps.now() }, Buffer.isBuffer(req.body) ? req.body : undefined, typeof signature === 'string' ? signature : undefined);
    });
  });
}
