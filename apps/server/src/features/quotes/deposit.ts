import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { TokenSigner } from '../../platform/tokens';
import { readQuoteToken } from './quote-link';
import { quoteApprovals, quotes } from './quotes.schema';

/** What the payments feature needs of a quote's deposit (issue 33: deposits on approval). */
export type QuoteDeposit = {
  id: string;
  workspaceId: string;
  jobId: string;
  number: string;
  title: string;
  status: string;
  /** The deposit the client approved (the approval's totals), 0 when none is due or the quote is not approved. */
  depositCents: number;
};

async function depositOf(db: Db | Tx, quoteId: string): Promise<QuoteDeposit | null> {
  const [q] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  if (!q || q.status === 'draft') return null;
  const [approval] = q.status === 'approved' ? await db.select({ totals: quoteApprovals.totals }).from(quoteApprovals).where(eq(quoteApprovals.quoteId, q.id)).limit(1) : [];
  const deposit = approval?.totals.deposit_cents;
  return { id: q.id, workspaceId: q.workspaceId, jobId: q.jobId, number: q.number, title: q.title, status: q.status, depositCents: typeof deposit === 'number' && deposit > 0 ? deposit : 0 };
}

/**
 * The quote a client's link opens, with the deposit its approval fixed: null for a link that is not genuine (or a
 * draft's). An expired link still names an approved quote — the client may pay the deposit they agreed to.
 */
export async function findQuoteDepositByLink(db: Db | Tx, signer: TokenSigner, token: string, now: Date): Promise<QuoteDeposit | null> {
  const read = readQuoteToken(signer, token, now);
  if (read === null) return null;
  const deposit = await depositOf(db, read === 'expired' ? token.slice(0, token.indexOf('.')) : read);
  if (read === 'expired' && deposit?.status !== 'approved') return null;
  return deposit;
}

/** A quote's deposit by id (a webhook names the quote it was paid for). */
export const findQuoteDeposit = (db: Db | Tx, quoteId: string) => depositOf(db, quoteId);
