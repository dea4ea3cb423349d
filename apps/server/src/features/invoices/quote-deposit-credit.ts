import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lockQuoteForInvoicing } from '../quotes';
import { invoices } from './invoices.schema';
import { recordOnlinePayment } from './online-payment';

/** A deposit paid online on a quote, not yet on an invoice: what is left of it after refunds, and how it was paid. */
export type PaidDeposit = { id: string; amountCents: number; bank: boolean };

/**
 * The payments feature's side of a quote's deposits (it owns the online payments; app.ts gives this to the invoices'
 * routes, and the webhook passes it when a deposit is paid): the quote's paid deposits not credited yet, locked, and
 * where one was credited.
 */
export type QuoteDepositLedger = {
  uncredited(tx: Tx, quoteId: string): Promise<PaidDeposit[]>;
  credited(tx: Tx, depositId: string, at: { invoiceId: string; invoicePaymentId: string }): Promise<void>;
};

/**
 * Credits a quote's paid deposits to the FIRST invoice made from it (not void) as payment rows, once (issue 33). Called
 * where the money or the invoice comes into being — by the invoice made from the quote (createInvoiceFromQuote, a
 * schedule part's invoice) and by the webhook's recording of a deposit paid after the invoice exists — never by a read.
 * Both hold the quote's row lock (lockQuoteForInvoicing) first, so whichever comes second sees what the first did:
 * the deposit is credited once whatever the order. Nothing happens while the quote has no invoice; a credited draft
 * that is discarded takes its row with it (the deposit is then uncredited again) and the next invoice gets it.
 */
export async function creditQuoteDeposits(tx: Tx, o: { ledger: QuoteDepositLedger; quoteId: string; now: Date }): Promise<number> {
  const quote = await lockQuoteForInvoicing(tx, o.quoteId);
  if (!quote) return 0;
  const [first] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.quoteId, quote.id), eq(invoices.workspaceId, quote.workspaceId), ne(invoices.status, 'void')))
    .orderBy(asc(invoices.createdAt), asc(invoices.sequence))
    .limit(1);
  if (!first) return 0;
  const due = await o.ledger.uncredited(tx, quote.id);
  for (const d of due) {
    const { paymentId } = await recordOnlinePayment(tx, { invoiceId: first.id, kind: 'payment', bank: d.bank, amountCents: d.amountCents, note: `Deposit paid online on quote ${quote.number}`, now: o.now });
    await o.ledger.credited(tx, d.id, { invoiceId: first.id, invoicePaymentId: paymentId });
  }
  return due.length;
}
