import { includedLines } from '@fieldbook/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { quoteApprovals, quotes, type StoredAdjustment } from './quotes.schema';
import { approvalSelection, loadItems, moneyLines, type QuoteItemRow } from './quotes.service';

/** What an invoice takes from an approved quote (issue 33): its terms and the lines the approval chose. */
export type ApprovedQuoteLines = {
  id: string;
  number: string;
  jobId: string;
  title: string;
  discount: StoredAdjustment;
  taxRateMilliPercent: number;
  notes: string;
  /** The approved option's lines and the optional lines the client ticked, in the quote's order. */
  lines: QuoteItemRow[];
};

/**
 * An approved quote of the workspace with the lines its approval chose — the selection read by the one rule,
 * `approvalSelection`, and the lines by the money module's `includedLines`; 'not_approved' for a quote of the
 * workspace that is not approved, null for one that is not the workspace's.
 */
export async function findApprovedQuoteLines(db: Db | Tx, opts: { workspaceId: string; quoteId: string }): Promise<ApprovedQuoteLines | 'not_approved' | null> {
  const [q] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, opts.quoteId), eq(quotes.workspaceId, opts.workspaceId)))
    .limit(1);
  if (!q) return null;
  const [approval] = await db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, q.id)).limit(1);
  if (q.status !== 'approved' || !approval) return 'not_approved';
  const items = await loadItems(db, q.id);
  const { option, ticked } = approvalSelection(q, items, { option: approval.option, optional_item_ids: approval.optionalItemIds });
  const chosen = new Set(includedLines(moneyLines(items), { option, optionalIds: ticked }).map((l) => l.id));
  return { id: q.id, number: q.number, jobId: q.jobId, title: q.title, discount: q.discount ?? null, taxRateMilliPercent: q.taxRateMilliPercent, notes: q.notes, lines: items.filter((i) => chosen.has(i.id)) };
}
