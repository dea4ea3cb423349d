import { includedLines } from '@fieldbook/contract';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { quoteApprovals, quotes, type StoredAdjustment } from './quotes.schema';
import { approvalSelection, effectiveStatus, loadItems, moneyLines, type QuoteItemRow } from './quotes.service';

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

/**
 * Locks an approved quote's row for the invoices made from it (issue 33): whoever credits its paid deposit — the
 * invoice made from it, or the webhook of a deposit paid later — holds this lock, so the deposit is credited once to
 * the quote's first invoice whatever the order. FOR NO KEY UPDATE: rows that only refer to the quote are not held up.
 */
export async function lockQuoteForInvoicing(db: Db | Tx, quoteId: string): Promise<{ id: string; number: string; workspaceId: string } | null> {
  const [q] = await db.select({ id: quotes.id, number: quotes.number, workspaceId: quotes.workspaceId }).from(quotes).where(eq(quotes.id, quoteId)).limit(1).for('no key update');
  return q ?? null;
}

/** An approved quote's amounts as its approval fixed them (what a payment schedule splits). */
export type ApprovedQuoteAmounts = { id: string; number: string; title: string; jobId: string; totalCents: number; depositCents: number };

/** The approved quotes of a job of the workspace (or one of them, `quoteId`), oldest first, with their approved amounts. */
export async function findApprovedQuoteAmounts(db: Db | Tx, opts: { workspaceId: string; jobId?: string; quoteId?: string }): Promise<ApprovedQuoteAmounts[]> {
  const rows = await db
    .select({ id: quotes.id, number: quotes.number, title: quotes.title, jobId: quotes.jobId, totals: quoteApprovals.totals })
    .from(quotes)
    .innerJoin(quoteApprovals, eq(quoteApprovals.quoteId, quotes.id))
    .where(and(eq(quotes.workspaceId, opts.workspaceId), eq(quotes.status, 'approved'), opts.jobId ? eq(quotes.jobId, opts.jobId) : undefined, opts.quoteId ? eq(quotes.id, opts.quoteId) : undefined))
    .orderBy(asc(quotes.createdAt));
  return rows.map((r) => ({ id: r.id, number: r.number, title: r.title, jobId: r.jobId, totalCents: r.totals.total_cents ?? 0, depositCents: r.totals.deposit_cents ?? 0 }));
}

/**
 * SQL subquery for another feature's statement (the schedule's Unscheduled tray, issue 34): the workspace's approved
 * quotes as rows (id, number, title, job_id, approved_at).
 */
export function approvedQuotesSql(workspaceId: string): SQL {
  return sql`SELECT aq.id, aq.number, aq.title, aq.job_id, qa.approved_at FROM quotes aq JOIN quote_approvals qa ON qa.quote_id = aq.id
    WHERE aq.workspace_id = ${workspaceId} AND aq.status = 'approved'`;
}

/**
 * The client hub's quotes (issue 36): the quotes of `ids` in `workspaceId` as their client may see them — sent ones and
 * decided ones, with their status now (an open quote past its day reads expired); drafts, and revisions withdrawn or
 * replaced, are left out. Another workspace's ids find nothing.
 */
export async function findClientQuotes(db: Db, opts: { workspaceId: string; ids: readonly string[]; now: Date }) {
  if (opts.ids.length === 0) return [];
  const rows = await db
    .select({ id: quotes.id, number: quotes.number, title: quotes.title, status: quotes.status, expiresOn: quotes.expiresOn, expiresAt: quotes.expiresAt, sentAt: quotes.sentAt })
    .from(quotes)
    .where(and(eq(quotes.workspaceId, opts.workspaceId), inArray(quotes.id, [...opts.ids]), inArray(quotes.status, ['sent', 'viewed', 'approved', 'declined'])));
  return rows.map((r) => ({ ...r, status: effectiveStatus(r, opts.now) }));
}

/**
 * Quote follow-ups (the client-messages feature's scan): the workspace's quotes after `after` in (first sent, id)
 * order, at most `limit` — the scan keeps its place by the last one's time and id (a keyset: quotes sent in the same
 * instant are neither skipped nor read again, however many). `id: null` starts at `at` itself. Read through
 * quotes_workspace_first_sent_idx, from the place on.
 */
export async function findQuotesFirstSentSince(db: Db, opts: { workspaceId: string; after: { at: Date; id: string | null }; limit: number }) {
  return db
    .select({ id: quotes.id, jobId: quotes.jobId, firstSentAt: quotes.firstSentAt })
    .from(quotes)
    .where(
      and(
        eq(quotes.workspaceId, opts.workspaceId),
        isNotNull(quotes.firstSentAt),
        sql`(${quotes.firstSentAt}, ${quotes.id}) > (${opts.after.at.toISOString()}::timestamptz, ${opts.after.id ?? NIL_UUID}::uuid)`,
      ),
    )
    .orderBy(asc(quotes.firstSentAt), asc(quotes.id))
    .limit(opts.limit);
}

/** Below every other uuid: a keyset place `(at, NIL_UUID)` reads on from `at` itself. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A quote as a follow-up needs it when it is due: `open` while the client may still decide (sent or viewed, not
 * expired) — approved, declined, withdrawn, superseded or expired stops the follow-ups. Null for another workspace's.
 */
export async function findQuoteForFollowUp(db: Db, opts: { workspaceId: string; quoteId: string; now: Date }) {
  const [q] = await db
    .select({ id: quotes.id, jobId: quotes.jobId, number: quotes.number, title: quotes.title, status: quotes.status, expiresAt: quotes.expiresAt, sentEmail: quotes.sentEmail })
    .from(quotes)
    .where(and(eq(quotes.id, opts.quoteId), eq(quotes.workspaceId, opts.workspaceId)))
    .limit(1);
  if (!q) return null;
  return { ...q, open: (q.status === 'sent' || q.status === 'viewed') && q.expiresAt > opts.now };
}
