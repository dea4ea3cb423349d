import { and, eq, isNull } from 'drizzle-orm';
import type { QuoteDepositLedger } from '../invoices';
import { onlinePayments } from './payments.schema';

/**
 * A quote's deposits paid online, as the invoices feature credits them to the quote's first invoice (its
 * creditQuoteDeposits, issue 33): the succeeded deposits not on an invoice yet — what is left of each after refunds —
 * locked until the credit is written, and the invoice payment each became.
 */
export const quoteDepositLedger: QuoteDepositLedger = {
  async uncredited(tx, quoteId) {
    const rows = await tx
      .select()
      .from(onlinePayments)
      .where(and(eq(onlinePayments.quoteId, quoteId), eq(onlinePayments.purpose, 'deposit'), eq(onlinePayments.status, 'succeeded'), isNull(onlinePayments.invoicePaymentId)))
      .for('update');
    return rows.filter((r) => r.amountCents - r.refundedCents > 0).map((r) => ({ id: r.id, amountCents: r.amountCents - r.refundedCents, bank: r.method === 'us_bank_account' }));
  },
  async credited(tx, depositId, at) {
    await tx.update(onlinePayments).set({ invoicePaymentId: at.invoicePaymentId, invoiceId: at.invoiceId }).where(eq(onlinePayments.id, depositId));
  },
};
