import { invoiceCreditCents, localDate, type InvoiceTotals } from '@fieldbook/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { TokenSigner } from '../../platform/tokens';
import { workspaceTimeZone } from '../workspaces';
import { writeReceiptPdf } from './invoice-pdf';
import { invoiceLink, invoiceParties } from './invoice-sending';
import { invoicePayments, invoices } from './invoices.schema';
import { answer, loadItems, loadPayments, totalsOf, wakeOverdueReminders } from './invoices.service';

/**
 * The invoices' entry for money that arrives online (the payments feature, issue 33): what an invoice owes, and the
 * payment or refund row Stripe's confirmed result becomes. The payments feature decides when (once per Stripe event,
 * in the event's transaction); this file decides how an invoice records it — a row like a manual one, by nobody
 * (recorded_by null, shown as the note), so the balance stays derived from one list of rows.
 */

export type PayableInvoice = {
  id: string;
  workspaceId: string;
  jobId: string;
  number: string;
  title: string;
  status: 'draft' | 'sent' | 'viewed' | 'void';
  quoteId: string | null;
  totals: InvoiceTotals;
  /** Money received beyond what the invoice asks (all of it when void): `invoiceCreditCents`. */
  creditCents: number;
  /** The email address the invoice was last sent to (null: never by email). */
  sentEmail: string | null;
};

async function payable(db: Db | Tx, row: typeof invoices.$inferSelect): Promise<PayableInvoice> {
  const totals = totalsOf(row, await loadItems(db, row.id), await loadPayments(db, row.id));
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    jobId: row.jobId,
    number: row.number,
    title: row.title,
    status: row.status,
    quoteId: row.quoteId,
    totals,
    creditCents: invoiceCreditCents(row.status, totals),
    sentEmail: row.sentEmail,
  };
}

/** One invoice with its totals and balance (any workspace: the caller has checked its right — a signed link, a webhook). */
export async function findPayableInvoice(db: Db | Tx, invoiceId: string, opts: { workspaceId?: string; lock?: boolean } = {}): Promise<PayableInvoice | null> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), opts.workspaceId ? eq(invoices.workspaceId, opts.workspaceId) : undefined))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ? payable(db, row) : null;
}

/** The invoices made from a quote that are not void, oldest first: a deposit paid on the quote is credited to the first. */
export async function findInvoicesOfQuote(db: Db | Tx, quoteId: string): Promise<PayableInvoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), ne(invoices.status, 'void')))
    .orderBy(asc(invoices.createdAt), asc(invoices.sequence));
  const out: PayableInvoice[] = [];
  for (const row of rows) out.push(await payable(db, row));
  return out;
}

/**
 * Records money Stripe confirmed (a payment) or gave back (a refund) on the invoice, dated today in the workspace's
 * zone. Under the invoice's row lock, like a manual payment. It is not refused over the balance, nor on a void
 * invoice: the money has moved already (a manual payment recorded while the client was on Stripe's page, a tab opened
 * before the invoice was voided). The balance stays at zero and the excess is the invoice's credit (`creditCents`),
 * which the payments feature tells the contractor about and lets an admin refund through Stripe. A refund may reopen
 * a balance past its due day: the overdue reminders wake (`wakeOverdueReminders`). Call it inside the transaction that
 * records the Stripe event.
 */
export async function recordOnlinePayment(
  tx: Tx,
  opts: { invoiceId: string; kind: 'payment' | 'refund'; bank: boolean; amountCents: number; note: string; now: Date },
): Promise<{ paymentId: string }> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, opts.invoiceId)).limit(1).for('update');
  if (!row) throw new Error(`recordOnlinePayment: no invoice ${opts.invoiceId}`);
  const receivedOn = localDate(opts.now, await workspaceTimeZone(tx, row.workspaceId));
  const [inserted] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: row.id,
      workspaceId: row.workspaceId,
      kind: opts.kind,
      // The invoices' methods: a bank (ACH) payment is a bank transfer; a card payment is 'other', named in the note.
      method: opts.bank ? 'bank_transfer' : 'other',
      amountCents: opts.amountCents,
      receivedOn,
      checkNumber: null,
      note: opts.note,
      recordedBy: null,
      onlineMethod: opts.bank ? 'us_bank_account' : 'card',
    })
    .returning({ id: invoicePayments.id });
  if (opts.kind === 'refund') await wakeOverdueReminders(tx, row.id, opts.now);
  return { paymentId: inserted!.id };
}

/** The receipt (or refund receipt) PDF of one payment row of the invoice; null when the invoice has no such row. */
export async function invoiceReceiptPdf(db: Db | Tx, invoiceId: string, paymentId: string, now: Date): Promise<{ pdf: Buffer; fileName: string } | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!row) return null;
  const invoice = await answer(db, row, now);
  const payment = invoice.payments.find((p) => p.id === paymentId);
  if (!payment) return null;
  const pdf = await writeReceiptPdf(invoice, payment, await invoiceParties(db, row));
  return { pdf, fileName: `${payment.kind === 'refund' ? 'Refund' : 'Receipt'} ${invoice.number} ${payment.received_on}.pdf` };
}

/**
 * What a receipt email says and links to: the client's invoice page and the payment's receipt PDF, both by a fresh
 * signed link (the client side's one home, platform/client-links.ts; the receipt under the payments' public prefix).
 */
export async function invoiceReceiptMessage(db: Db | Tx, o: { invoiceId: string; paymentId: string; signer: TokenSigner; publicUrl: string; now: Date }) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, o.invoiceId)).limit(1);
  if (!row) return null;
  const page = invoiceLink(o.signer, o.publicUrl, row.id, o.now);
  const token = page.slice(page.lastIndexOf('/') + 1);
  return { number: row.number, title: row.title, company: (await invoiceParties(db, row)).company, page, token };
}
