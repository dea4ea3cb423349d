import { QUOTE_HAS_SCHEDULE, QUOTE_NOT_APPROVED_FOR_INVOICE, QUOTE_NOT_FOUND, type Invoice } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { findApprovedQuoteLines, lockQuoteForInvoicing } from '../quotes';
import { answer, insertDraft, ownJob, type ItemValues } from './invoices.service';
import { paymentSchedules } from './payment-schedules.schema';
import { creditQuoteDeposits, type QuoteDepositLedger } from './quote-deposit-credit';

/**
 * A draft from an approved quote of the job, in one step: the lines its approval chose (the quotes feature's one rule,
 * findApprovedQuoteLines), its discount, tax rate and notes; due on receipt until the contractor says otherwise. The
 * deposit the client paid online on the quote is credited to it when it is the quote's first invoice — here, in the
 * invoice's own transaction, under the quote's lock (quote-deposit-credit.ts), never by a later read. A quote billed
 * in parts (a payment schedule) is invoiced part by part instead (payment-schedules.service.ts).
 */
export async function createInvoiceFromQuote(opts: { db: Db; actor: Actor; jobId: string; quoteId: string; now: Date; deposits: QuoteDepositLedger }): Promise<Invoice> {
  const { workspaceId, job } = await ownJob(opts.db, opts.actor, opts.jobId);
  const quote = await findApprovedQuoteLines(opts.db, { workspaceId, quoteId: opts.quoteId });
  if (quote === null) throw new AppError('NOT_FOUND', QUOTE_NOT_FOUND);
  if (quote === 'not_approved') throw fieldError('quote_id', QUOTE_NOT_APPROVED_FOR_INVOICE);
  if (quote.jobId !== job.id) throw fieldError('quote_id', 'The quote belongs to another job');
  const items: ItemValues[] = quote.lines.map((l) => ({ section: l.section, name: l.name, description: l.description, quantityMilli: l.quantityMilli, unit: l.unit, unitPriceCents: l.unitPriceCents, taxable: l.taxable }));
  const columns = { title: quote.title, discount: quote.discount, taxRateMilliPercent: quote.taxRateMilliPercent, paymentTerms: 'due_on_receipt' as const, dueOn: null, notes: quote.notes };
  const row = await opts.db.transaction(async (tx) => {
    await lockQuoteForInvoicing(tx, quote.id);
    const [scheduled] = await tx.select({ id: paymentSchedules.id }).from(paymentSchedules).where(eq(paymentSchedules.quoteId, quote.id)).limit(1);
    if (scheduled) throw new AppError('CONFLICT', QUOTE_HAS_SCHEDULE);
    const made = await insertDraft(tx, { workspaceId, jobId: job.id, actor: opts.actor, columns, items, quoteId: quote.id });
    await creditQuoteDeposits(tx, { ledger: opts.deposits, quoteId: quote.id, now: opts.now });
    return made;
  });
  return answer(opts.db, row, opts.now);
}

