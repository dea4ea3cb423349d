import {
  contactAddress,
  formatCents,
  INVOICE_LINK_EXPIRED,
  INVOICE_LINK_INVALID,
  INVOICE_NO_ADDRESS,
  INVOICE_NO_CLIENT_LINK,
  INVOICE_NOT_SENDABLE,
  type Invoice,
  type InvoiceStatus,
  type PublicInvoice,
  type SendInvoiceBodySchema,
  type SentInvoice,
} from '@fieldbook/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import type { BlobStore } from '../../platform/blob-store';
import { INVOICE_LINKS, makeClientLink, readClientLink, type ClientHubLinks } from '../../platform/client-links';
import { AppError, fieldError } from '../../platform/errors';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import { toE164 } from '../../platform/sms';
import type { TokenSigner } from '../../platform/tokens';
import { findContactsByIds } from '../contacts';
import { discardGeneratedPdf, storeGeneratedPdf } from '../documents';
import { findJobRecord } from '../jobs';
import { notify } from '../notifications';
import { workspaceName, workspaceTimeZone } from '../workspaces';
import { writeInvoicePdf, type InvoiceParties } from './invoice-pdf';
import { invoices, invoiceSends } from './invoices.schema';
import { answer, findOwnInvoice, invoiceParts, issueFields, toInvoice, type InvoiceRow } from './invoices.service';

export type LinkDeps = { db: Db; signer: TokenSigner; publicUrl: string; now: Date };

/**
 * How long an invoice's link opens it: long enough for a slow payer and their records ("Paid" stays readable), after
 * which a fresh link is one Send Again or Copy Client Link away. Revoking is the invoice's state: a voided invoice's
 * every link shows that it was voided (and the one issued in its place, once that was sent), nothing of its content.
 */
const INVOICE_LINK_DAYS = 400;

/** The client's link to one invoice, `{PUBLIC_URL}/i/{token}` (the client side's one home, platform/client-links.ts). */
export function invoiceLink(signer: TokenSigner, publicUrl: string, invoiceId: string, now: Date): string {
  return makeClientLink(signer, publicUrl, INVOICE_LINKS, { id: invoiceId, expiresAt: new Date(now.getTime() + INVOICE_LINK_DAYS * 86_400_000) }, now);
}

/** The invoice in the app (notifications link it): the job's Invoices panel with it open. */
export const invoiceAppPath = (row: { id: string; jobId: string }) => `/jobs/${row.jobId}?invoice=${row.id}`;

/** Who the invoice is from and for: the workspace's name and the job as it is now (the PDF's and the page's head). */
export async function invoiceParties(db: Db | Tx, row: Pick<InvoiceRow, 'workspaceId' | 'jobId'>): Promise<InvoiceParties> {
  const job = await findJobRecord(db as Db, { workspaceId: row.workspaceId, jobId: row.jobId });
  return { company: await workspaceName(db as Db, row.workspaceId), job: { title: job?.title ?? null, clientName: job?.clientName ?? null, propertyAddress: job?.propertyAddress ?? null } };
}

const SENDABLE: readonly InvoiceRow['status'][] = ['draft', 'sent', 'viewed'];

/**
 * Sends the invoice to the client contact by text message and/or email, with its signed link; the email carries the
 * invoice's PDF as it reads once sent (stored as a document on the job, so the contractor keeps what went out). A draft
 * becomes sent here — issued today, its due date fixed from today (issueFields) —; a sent or viewed one is sent again
 * as it is. Every message is a row of invoice_sends with who sent it. Nothing is written when anything is refused.
 */
export async function sendInvoice(opts: LinkDeps & { blobs: BlobStore; actor: Actor; id: string; body: z.output<typeof SendInvoiceBodySchema>; hubLinks?: ClientHubLinks }): Promise<SentInvoice> {
  const { db, now } = opts;
  const current = await findOwnInvoice(db, opts.actor, opts.id);
  if (!SENDABLE.includes(current.status)) throw new AppError('CONFLICT', INVOICE_NOT_SENDABLE(current.status));
  const issued = current.status === 'draft' ? await issueFields(db, current, now) : null;
  const [contact] = await findContactsByIds({ db, actor: opts.actor, ids: [opts.body.contact_id] });
  if (!contact) throw fieldError('contact_id', 'Contact not found');
  const addresses = [...new Set(opts.body.methods)].map((method) => {
    const found = contactAddress(contact, method);
    if (!found) throw fieldError('contact_id', INVOICE_NO_ADDRESS(method));
    return { method, address: method === 'sms' ? toE164(found) : found };
  });
  const emailed = addresses.find((a) => a.method === 'email');
  const texted = addresses.find((a) => a.method === 'sms');
  const link = invoiceLink(opts.signer, opts.publicUrl, current.id, now);
  const parties = await invoiceParties(db, current);
  // The invoice as the client will read it once this send is written (a draft: as issued now).
  const shown = toInvoice({ ...current, ...(issued ?? {}) }, await invoiceParts(db, current, now));
  const sendIds = addresses.map(() => crypto.randomUUID());
  let attachment: { file_name: string; content_type: string; blob_key: string; size: number } | null = null;
  let documentId: string | null = null;
  if (emailed) {
    const pdf = await writeInvoicePdf(shown, parties);
    const name = `Invoice ${current.number}.pdf`;
    // The email's send id names the document: a retry of this step finds it instead of adding a second.
    documentId = sendIds[addresses.indexOf(emailed)]!;
    await storeGeneratedPdf({ db, blobs: opts.blobs, now }, { id: documentId, workspaceId: current.workspaceId, jobId: current.jobId, createdBy: opts.actor.userId, name, documentType: 'invoice', pdf, text: `${parties.company} invoice ${current.number}: ${current.title}. Total ${formatCents(shown.totals.total_cents)}; balance due ${formatCents(shown.totals.balance_cents)}.` });
    attachment = { file_name: name, content_type: 'application/pdf', blob_key: `documents/${current.workspaceId}/${documentId}`, size: pdf.length };
  }
  const row = await writeSend(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, current.id)).for('update');
    // Edited, voided or sent by someone else since it was read: what was rendered is not what would go out.
    if (!locked || locked.updatedAt.getTime() !== current.updatedAt.getTime() || !SENDABLE.includes(locked.status)) {
      throw new AppError('CONFLICT', 'The invoice changed while it was being sent; try again');
    }
    // Reminders go to the addresses of the latest send; the reminder job is woken to work out when (reminders.ts).
    const reminders = locked.remindersSent < 2 && locked.reminderStatus !== 'scheduled' ? { reminderStatus: 'scheduled' as const, reminderDueAt: now, reminderAttempts: 0, reminderError: null } : {};
    const [updated] = await tx
      .update(invoices)
      .set({ ...(issued ?? {}), ...(emailed ? { sentEmail: emailed.address } : {}), ...(texted ? { sentPhone: texted.address } : {}), ...reminders })
      .where(and(eq(invoices.id, current.id), inArray(invoices.status, SENDABLE as InvoiceRow['status'][])))
      .returning();
    await tx.insert(invoiceSends).values(
      addresses.map((a, i) => ({ id: sendIds[i]!, invoiceId: current.id, workspaceId: current.workspaceId, kind: 'send' as const, method: a.method, address: a.address, sentBy: opts.actor.userId, documentId: a === emailed ? documentId : null })),
    );
    const due = shown.due_on ? ` is due ${shown.due_on}` : ' is due';
    // The client's hub gets the invoice (issue 36): every message also links the page of all their work.
    const hubLine = opts.hubLinks
      ? await opts.hubLinks.forSend(tx, { workspaceId: current.workspaceId, contactId: contact.id, senderId: opts.actor.userId, company: parties.company, item: { kind: 'invoice', id: current.id, jobId: current.jobId }, now })
      : null;
    if (texted) {
      await enqueueSms(tx, { to: texted.address, text: `${parties.company}: invoice ${current.number} for ${formatCents(shown.totals.balance_cents)}${due}. View it and download the PDF: ${link}${hubLine ? `\n${hubLine}` : ''}` });
    }
    if (emailed && attachment) {
      await enqueueMail(tx, {
        to: emailed.address,
        subject: `Invoice ${current.number} from ${parties.company}: ${current.title}`,
        text: [
          `Hello ${contact.name},`,
          '',
          `${parties.company} has sent you invoice ${current.number} for ${current.title}. It is attached as a PDF.`,
          '',
          `Total: ${formatCents(shown.totals.total_cents)}`,
          ...(shown.totals.paid_cents > 0 ? [`Paid so far: ${formatCents(shown.totals.paid_cents)}`] : []),
          `Balance due: ${formatCents(shown.totals.balance_cents)}${shown.due_on ? ` by ${shown.due_on}` : ''}`,
          '',
          'View it online:',
          link,
          ...(hubLine ? ['', hubLine] : []),
          '',
          `Reply to this email or call ${parties.company} with any questions.`,
        ].join('\n'),
        attachments: [attachment],
      });
    }
    return updated!;
  });
  return { invoice: await answer(db, row, now), link, sent_to: addresses };

  /** The send's transaction; refused or failed, the PDF stored for its email is removed again (nothing is left of it). */
  async function writeSend(write: (tx: Tx) => Promise<InvoiceRow>): Promise<InvoiceRow> {
    try {
      return await db.transaction(write);
    } catch (err) {
      if (documentId) await discardGeneratedPdf({ db, blobs: opts.blobs }, documentId);
      throw err;
    }
  }
}

/** A fresh signed link to a sent invoice (Copy Client Link): nothing is stored, so any number may exist. */
export async function invoiceClientLink(opts: LinkDeps & { actor: Actor; id: string }): Promise<{ link: string }> {
  const row = await findOwnInvoice(opts.db, opts.actor, opts.id);
  if (row.status !== 'sent' && row.status !== 'viewed') throw new AppError('CONFLICT', INVOICE_NO_CLIENT_LINK(row.status));
  return { link: invoiceLink(opts.signer, opts.publicUrl, row.id, opts.now) };
}

// ---- The client's page (no session: the signed link is the permission) ----------------------------------------------

async function invoiceById(db: Db | Tx, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  // A draft never had a link; a discarded one has none any more.
  if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', INVOICE_LINK_INVALID);
  return row;
}

/** The invoice a link opens: tampered or another kind's link 404, past its time 410. */
async function linkedInvoice(deps: LinkDeps, token: string): Promise<InvoiceRow> {
  const read = readClientLink(deps.signer, INVOICE_LINKS, token, deps.now);
  if (read === null) throw new AppError('NOT_FOUND', INVOICE_LINK_INVALID);
  if (read === 'expired') throw new AppError('GONE', INVOICE_LINK_EXPIRED);
  return invoiceById(deps.db, read);
}

/**
 * GET /api/public/invoices/:token — the client's page. It marks nothing (a preview or a mail scanner fetches links
 * too); the page, once rendered, says so with POST …/viewed. A voided invoice shows only that it was voided and, once
 * the one issued in its place was sent, that one's link.
 */
export async function viewPublicInvoice(deps: LinkDeps, token: string): Promise<PublicInvoice> {
  const row = await linkedInvoice(deps, token);
  const [invoice, parties, zone] = await Promise.all([answer(deps.db, row, deps.now), invoiceParties(deps.db, row), workspaceTimeZone(deps.db, row.workspaceId)]);
  const isVoid = row.status === 'void';
  let replacedBy: PublicInvoice['replaced_by'] = null;
  if (isVoid && invoice.replaced_by) {
    const [next] = await deps.db.select({ id: invoices.id, number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.id, invoice.replaced_by.id)).limit(1);
    if (next && (next.status === 'sent' || next.status === 'viewed')) replacedBy = { number: next.number, link: invoiceLink(deps.signer, deps.publicUrl, next.id, deps.now) };
  }
  return {
    number: invoice.number,
    title: invoice.title,
    status: invoice.status,
    company: parties.company,
    job: { title: parties.job.title, client_name: parties.job.clientName, property_address: parties.job.propertyAddress },
    // Revoked by voiding: nothing of what it billed.
    items: isVoid ? [] : invoice.items,
    discount: invoice.discount,
    tax_rate_percent: invoice.tax_rate_percent,
    totals: invoice.totals,
    payments: isVoid ? [] : invoice.payments.map((p) => ({ kind: p.kind, method: p.method, online_method: p.online_method, amount_cents: p.amount_cents, received_on: p.received_on })),
    issued_on: invoice.issued_on,
    due_on: invoice.due_on,
    time_zone: zone,
    notes: isVoid ? '' : invoice.notes,
    voided_at: invoice.voided_at,
    replaced_by: replacedBy,
  };
}

/**
 * POST /api/public/invoices/:token/viewed — the first time a browser rendered a sent invoice: viewed, once, and its
 * author told in the app (the notifications bell), in the same transaction. Again or for any other state: no change.
 */
export async function markInvoiceViewed(deps: LinkDeps, token: string): Promise<{ status: InvoiceStatus }> {
  const row = await linkedInvoice(deps, token);
  const updated = await deps.db.transaction(async (tx) => {
    const [viewed] = await tx
      .update(invoices)
      .set({ status: 'viewed', viewedAt: deps.now })
      .where(and(eq(invoices.id, row.id), eq(invoices.status, 'sent')))
      .returning();
    if (!viewed) return null;
    const inv = await answer(tx, viewed, deps.now);
    const who = (await invoiceParties(tx, viewed)).job.clientName;
    await notify(tx, {
      workspaceId: viewed.workspaceId,
      userIds: [viewed.createdBy],
      kind: 'invoice_viewed',
      title: `Invoice ${viewed.number} viewed${who ? ` by ${who}` : ''}`,
      body: `${viewed.title} · balance due ${formatCents(inv.totals.balance_cents)}${inv.due_on ? ` by ${inv.due_on}` : ''}`,
      link: invoiceAppPath(viewed),
      jobId: viewed.jobId,
    });
    return inv;
  });
  const now = updated ?? (await answer(deps.db, await invoiceById(deps.db, row.id), deps.now));
  return { status: now.status };
}

/** GET /api/public/invoices/:token/pdf — the invoice as it is now; a voided one has none (410). */
export async function publicInvoicePdf(deps: LinkDeps, token: string): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await linkedInvoice(deps, token);
  if (row.status === 'void') throw new AppError('GONE', `Invoice ${row.number} was voided`);
  const invoice: Invoice = await answer(deps.db, row, deps.now);
  return { pdf: await writeInvoicePdf(invoice, await invoiceParties(deps.db, row)), fileName: `Invoice ${row.number}.pdf` };
}

