import { invoiceEndpoints as endpoints, PAYMENT_NOT_FOUND } from '@fieldbook/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Actor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { contentDisposition } from '../../platform/serve-blob';
import { findJobRecord } from '../jobs';
import { workspaceName } from '../workspaces';
import { writeInvoicePdf, writeReceiptPdf, type InvoiceParties } from './invoice-pdf';
import {
  createInvoice,
  createInvoiceFromQuote,
  discardInvoice,
  getInvoice,
  listJobInvoices,
  markInvoiceSent,
  recordPayment,
  updateInvoice,
  voidInvoice,
} from './invoices.service';

/** Invoices (issue 33): records on a job, their payments and refunds, and their PDFs. Every endpoint is the workspace's. */
export async function invoicesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, endpoints.listForJob, async ({ actor, params }) => listJobInvoices({ db, actor, jobId: params.id, now: deps.now() }));
  route(app, endpoints.create, async ({ actor, params, body }) => createInvoice({ db, actor, jobId: params.id, body, now: deps.now() }));
  route(app, endpoints.createFromQuote, async ({ actor, params, body }) => createInvoiceFromQuote({ db, actor, jobId: params.id, quoteId: body.quote_id, now: deps.now() }));
  route(app, endpoints.get, async ({ actor, params }) => getInvoice({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.update, async ({ actor, params, body }) => updateInvoice({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.discard, async ({ actor, params }) => discardInvoice({ db, actor, id: params.id }));
  route(app, endpoints.markSent, async ({ actor, params }) => markInvoiceSent({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.void, async ({ actor, params, body }) => voidInvoice({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.recordPayment, async ({ actor, params, body }) => recordPayment({ db, actor, id: params.id, body, now: deps.now() }));

  // Written on request from the invoice as it is now (as the unsigned quote PDF is): its payments and balance change.
  const parties = async (actor: Actor & { workspaceId: string }, jobId: string): Promise<InvoiceParties> => {
    const job = await findJobRecord(db, { workspaceId: actor.workspaceId, jobId });
    return { company: await workspaceName(db, actor.workspaceId), job: { title: job?.title ?? null, clientName: job?.clientName ?? null, propertyAddress: job?.propertyAddress ?? null } };
  };
  const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
    reply.type('application/pdf').header('content-disposition', contentDisposition('inline', fileName)).header('cache-control', 'no-store').send(pdf);
  route(app, endpoints.pdf, async ({ actor, params, reply }) => {
    const invoice = await getInvoice({ db, actor, id: params.id, now: deps.now() });
    return sendPdf(reply, await writeInvoicePdf(invoice, await parties(actor, invoice.job_id)), `Invoice ${invoice.number}.pdf`);
  });
  route(app, endpoints.receiptPdf, async ({ actor, params, reply }) => {
    const invoice = await getInvoice({ db, actor, id: params.id, now: deps.now() });
    const payment = invoice.payments.find((p) => p.id === params.paymentId);
    if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);
    const name = `${payment.kind === 'refund' ? 'Refund' : 'Receipt'} ${invoice.number} ${payment.received_on}.pdf`;
    return sendPdf(reply, await writeReceiptPdf(invoice, payment, await parties(actor, invoice.job_id)), name);
  });
}
