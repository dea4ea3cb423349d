import { invoiceEndpoints as endpoints, PAYMENT_NOT_FOUND } from '@fieldbook/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVOICE_LINKS, limitClientLinks, publicPrefixOf, type ClientHubLinks } from '../../platform/client-links';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { userRateLimits } from '../../platform/rate-limit';
import { contentDisposition } from '../../platform/serve-blob';
import { invoiceListsRoutes } from './invoice-lists.routes';
import { writeInvoicePdf, writeReceiptPdf } from './invoice-pdf';
import { invoiceClientLink, invoiceParties, markInvoiceViewed, publicInvoicePdf, sendInvoice, viewPublicInvoice } from './invoice-sending';
import { getReminderSettings, updateReminderSettings } from './reminders';
import { paymentScheduleRoutes } from './payment-schedules.routes';
import type { QuoteDepositLedger } from './quote-deposit-credit';
import {
  createInvoice,
  discardInvoice,
  getInvoice,
  listJobInvoices,
  markInvoiceSent,
  recordPayment,
  updateInvoice,
  voidInvoice,
} from './invoices.service';
import { createInvoiceFromQuote } from './from-quote';

/**
 * A quote's deposits paid online (the payments feature's, given by app.ts); absent, there are none to credit.
 * `hubLinks`: the client hub's line in sent invoices (issue 36; app.ts); absent, messages go without it.
 */
export type InvoicesDeps = FeatureDeps & { depositLedger?: QuoteDepositLedger; hubLinks?: ClientHubLinks };
const NO_DEPOSITS: QuoteDepositLedger = { uncredited: async () => [], credited: async () => {} };

/** Invoices (issue 33): records on a job, their payments and refunds, and their PDFs. Every endpoint is the workspace's. */
export async function invoicesRoutes(app: FastifyInstance, deps: InvoicesDeps): Promise<void> {
  const { db, signer } = deps;
  const deposits = deps.depositLedger ?? NO_DEPOSITS;
  const limits = userRateLimits(deps);
  const linkDeps = () => ({ db, signer, publicUrl: deps.config.publicUrl, now: deps.now() });

  route(app, endpoints.listForJob, async ({ actor, params }) => listJobInvoices({ db, actor, jobId: params.id, now: deps.now() }));
  route(app, endpoints.create, async ({ actor, params, body }) => createInvoice({ db, actor, jobId: params.id, body, now: deps.now() }));
  route(app, endpoints.createFromQuote, async ({ actor, params, body }) => createInvoiceFromQuote({ db, actor, jobId: params.id, quoteId: body.quote_id, now: deps.now(), deposits }));
  paymentScheduleRoutes(app, { db, now: deps.now, deposits });
  route(app, endpoints.get, async ({ actor, params }) => getInvoice({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.update, async ({ actor, params, body }) => updateInvoice({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.discard, async ({ actor, params }) => discardInvoice({ db, actor, id: params.id }));
  route(app, endpoints.markSent, async ({ actor, params }) => markInvoiceSent({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.void, async ({ actor, params, body }) => voidInvoice({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.send, async ({ actor, params, body }) => {
    // Each message counts against the sender's SEND_RATE_LIMIT, as quotes' and documents' sending do.
    await limits.send(actor.userId, new Set(body.methods).size);
    return sendInvoice({ ...linkDeps(), blobs: deps.blobs, actor, id: params.id, body, ...(deps.hubLinks ? { hubLinks: deps.hubLinks } : {}) });
  });
  route(app, endpoints.clientLink, async ({ actor, params }) => invoiceClientLink({ ...linkDeps(), actor, id: params.id }));
  route(app, endpoints.reminderSettings, async ({ actor }) => getReminderSettings({ db, actor }));
  route(app, endpoints.updateReminderSettings, async ({ actor, body }) => updateReminderSettings({ db, actor, body }));
  route(app, endpoints.recordPayment, async ({ actor, params, body }) => recordPayment({ db, actor, id: params.id, body, now: deps.now() }));
  // The workspace's Invoices screen and the accountant's CSV files.
  invoiceListsRoutes(app, deps);

  // Written on request from the invoice as it is now (as the unsigned quote PDF is): its payments and balance change.
  const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
    reply.type('application/pdf').header('content-disposition', contentDisposition('inline', fileName)).header('cache-control', 'no-store').send(pdf);
  route(app, endpoints.pdf, async ({ actor, params, reply }) => {
    const invoice = await getInvoice({ db, actor, id: params.id, now: deps.now() });
    return sendPdf(reply, await writeInvoicePdf(invoice, await invoiceParties(db, { workspaceId: actor.workspaceId, jobId: invoice.job_id })), `Invoice ${invoice.number}.pdf`);
  });
  route(app, endpoints.receiptPdf, async ({ actor, params, reply }) => {
    const invoice = await getInvoice({ db, actor, id: params.id, now: deps.now() });
    const payment = invoice.payments.find((p) => p.id === params.paymentId);
    if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
    const name = `${payment.kind === 'refund' ? 'Refund' : 'Receipt'} ${invoice.number} ${payment.received_on}.pdf`;
    return sendPdf(reply, await writeReceiptPdf(invoice, payment, await invoiceParties(db, { workspaceId: actor.workspaceId, jobId: invoice.job_id })), name);
  });

  // The client's page, by the signed link alone (the client side's one home, platform/client-links.ts): each request
  // counted per address (AUTH_RATE_LIMIT a minute over every client link) and, for a genuine link, per invoice
  // (QUOTE_LINK_RATE_LIMIT per 15 minutes: the one per-item limit of client links) before anything is read.
  limitClientLinks(app, {
    db,
    signer,
    now: deps.now,
    kind: INVOICE_LINKS,
    apiPrefix: publicPrefixOf(endpoints.publicView.path),
    perAddress: deps.config.authRateLimit,
    perItem: deps.config.quoteLinkRateLimit,
    perItemName: 'invoice-link',
  });
  route(app, endpoints.publicView, async ({ params }) => viewPublicInvoice(linkDeps(), params.token));
  route(app, endpoints.publicViewed, async ({ params }) => markInvoiceViewed(linkDeps(), params.token));
  route(app, endpoints.publicPdf, async ({ params, reply }) => {
    const { pdf, fileName } = await publicInvoicePdf(linkDeps(), params.token);
    return reply.type('application/pdf').header('content-disposition', contentDisposition('attachment', fileName)).header('cache-control', 'no-store').send(pdf);
  });
}
