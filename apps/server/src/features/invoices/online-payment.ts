import { localDate, type InvoiceTotals } from '@fieldbook/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { workspaceTimeZone } from '../workspaces';
import { invoicePayments, invoices } from './invoices.schema';
import { loadItems, loadPayments, totalsOf } from './invoices.service';

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
};

async function payable(db: Db | Tx, row: typeof invoices.$inferSelect): Promise<PayableInvoice> {
  const totals = totalsOf(row, await loadItems(db, row.id), await loadPayments(db, row.id));
  return { id: row.id, workspaceId: row.workspaceId, jobId: row.jobId, number: row.number, title: row.title, status: row.status, quoteId: row.quoteId, totals };
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
 * zone. Under the invoice's row lock, like a manual payment. It is not refused over the balance: the money has moved
 * already (a manual payment recorded while the client was on Stripe's page can make it more than the balance; the
 * contractor sees it and refunds the difference). Call it inside the transaction that records the Stripe event.
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
    })
    .returning({ id: invoicePayments.id });
  return { paymentId: inserted!.id };
}
