import {
  computeTotals,
  contactAddress,
  DUPLICATE_QUOTE_VALID_DAYS,
  lineTotalCents,
  localDate,
  optionIndexes,
  QUOTE_DRAFT_REVISION_EXISTS,
  QUOTE_NO_ADDRESS,
  QUOTE_NO_CLIENT_LINK,
  QUOTE_NO_ITEMS,
  QUOTE_NOT_DRAFT,
  QUOTE_NOT_FOUND,
  QUOTE_NOT_LATEST_REVISION,
  QUOTE_NOT_WITHDRAWABLE,
  QUOTE_ONLY_DRAFT_DISCARDED,
  QUOTE_REVISION_SOURCE_APPROVED,
  QUOTE_SIGNED_PDF_EXISTS,
  type QuoteBodySchema,
  toThousandths,
  type MoneyLine,
  type MoneyTerms,
  type Quote,
  type QuoteAdjustment,
  type QuoteTotalsOut,
  type SendQuoteBodySchema,
  QUOTE_OPTION_REQUIRED,
} from '@fieldbook/contract';
import { and, asc, desc, eq, ilike, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { likePattern, nameRank } from '../../db/sql';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import { toE164 } from '../../platform/sms';
import type { TokenSigner } from '../../platform/tokens';
import { findContactsByIds } from '../contacts';
import { findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { workspaceName, workspaceTimeZone } from '../workspaces';
import { quoteExpiresAt, quoteLink } from './quote-link';
import type { ClientHubLinks } from '../../platform/client-links';
import { quoteApprovals, quoteItems, quotes, type StoredAdjustment } from './quotes.schema';
import { nextWorkspaceNumber } from '../../platform/workspace-numbers';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type ApprovalRow = typeof quoteApprovals.$inferSelect;
type Body = z.output<typeof QuoteBodySchema>;


/** The status a reader sees: a sent or viewed quote past its expiry is expired (stored lazily, never needed). */
export function effectiveStatus(row: Pick<QuoteRow, 'status' | 'expiresAt'>, now: Date): QuoteRow['status'] {
  if ((row.status === 'sent' || row.status === 'viewed') && now >= row.expiresAt) return 'expired';
  return row.status;
}

const toStoredAdjustment = (a: QuoteAdjustment): StoredAdjustment =>
  !a ? null : a.type === 'amount' ? { type: 'amount', cents: a.cents } : { type: 'percent', milliPercent: toThousandths(a.percent) };
const toAdjustment = (a: StoredAdjustment | null): QuoteAdjustment =>
  !a ? null : a.type === 'amount' ? { type: 'amount', cents: a.cents } : { type: 'percent', percent: a.milliPercent / 1000 };

export const moneyLines = (items: readonly QuoteItemRow[]): MoneyLine[] =>
  items.map((i) => ({ id: i.id, quantityMilli: i.quantityMilli, unitPriceCents: i.unitPriceCents, taxable: i.taxable, optional: i.optional, option: i.option }));
export const moneyTerms = (q: QuoteRow): MoneyTerms => ({ discount: q.discount ?? null, taxRateMilliPercent: q.taxRateMilliPercent, deposit: q.deposit ?? null });

/**
 * What an approval (signed on the page or marked by hand) chooses: the option (required when the quote has options)
 * and the ticked optional lines that count — those of the quote's base or of the chosen option. A tick of another
 * option's line is ignored, not refused (issue 32 item 6): the page hides that line once another option is chosen,
 * so the homeowner could neither see nor undo it. An id that is no optional line of this quote is refused.
 */
export function approvalSelection(q: QuoteRow, items: readonly QuoteItemRow[], chosen: { option?: number | null; optional_item_ids: readonly string[] }) {
  const option = q.options.length ? (chosen.option ?? null) : null;
  if (q.options.length && (option === null || option >= q.options.length)) throw fieldError('option', QUOTE_OPTION_REQUIRED);
  const ticked: string[] = [];
  for (const itemId of [...new Set(chosen.optional_item_ids)].sort()) {
    const item = items.find((i) => i.id === itemId);
    if (!item || !item.optional) throw fieldError('optional_item_ids', 'An optional item chosen is not part of this quote');
    if (item.option === null || item.option === option) ticked.push(itemId);
  }
  return { option, ticked };
}

/** Totals for a selection; `option` null on a quote with options means its first one. */
export function totalsFor(q: QuoteRow, items: readonly QuoteItemRow[], selection: { option: number | null; optionalIds: readonly string[] }): QuoteTotalsOut {
  return computeTotals(moneyLines(items), moneyTerms(q), selection);
}

/** The content both the contractor and the homeowner see, with the server's totals. */
export function quoteContent(q: QuoteRow, items: readonly QuoteItemRow[], now: Date) {
  const lines = moneyLines(items);
  const terms = moneyTerms(q);
  const used = optionIndexes(lines);
  const optionCount = Math.max(q.options.length, used.length ? Math.max(...used) + 1 : 0);
  return {
    id: q.id,
    number: q.number,
    revision: q.revision,
    status: effectiveStatus(q, now),
    title: q.title,
    items: items.map((i) => ({
      id: i.id,
      section: i.section,
      name: i.name,
      description: i.description,
      quantity: i.quantityMilli / 1000,
      unit: i.unit,
      unit_price_cents: i.unitPriceCents,
      line_total_cents: lineTotalCents(i),
      taxable: i.taxable,
      optional: i.optional,
      option: i.option,
    })),
    options: q.options.slice(0, optionCount).map((o, index) => ({ name: o.name, description: o.description, totals: computeTotals(lines, terms, { option: index, optionalIds: [] }) })),
    totals: computeTotals(lines, terms, { option: q.options.length ? 0 : null, optionalIds: [] }),
    discount: toAdjustment(q.discount),
    tax_rate_percent: q.taxRateMilliPercent / 1000,
    deposit: toAdjustment(q.deposit),
    expires_on: q.expiresOn,
    notes: q.notes,
    terms: q.terms,
  };
}

function toApproval(a: ApprovalRow | undefined): Quote['approval'] {
  if (!a) return null;
  return {
    signer_name: a.signerName,
    option: a.option,
    optional_item_ids: a.optionalItemIds,
    totals: a.totals as QuoteTotalsOut,
    approved_at: a.approvedAt.toISOString(),
    ip_address: a.ipAddress,
    user_agent: a.userAgent,
    fingerprint: a.fingerprint,
    document_id: a.documentId,
    pdf_status: pdfStatusOf(a),
    method: a.method,
    note: a.note,
  };
}

/** A stored PDF whose document was deleted (the foreign key set document_id to null) reads as 'deleted'. */
const pdfStatusOf = (a: ApprovalRow): NonNullable<Quote['approval']>['pdf_status'] => (a.pdfStatus === 'done' && !a.documentId ? 'deleted' : a.pdfStatus);

export function toQuote(q: QuoteRow, items: readonly QuoteItemRow[], approval: ApprovalRow | undefined, now: Date, draftRevisionId: string | null = null): Quote {
  return {
    ...quoteContent(q, items, now),
    job_id: q.jobId,
    first_sent_at: q.firstSentAt?.toISOString() ?? null,
    sent_at: q.sentAt?.toISOString() ?? null,
    viewed_at: q.viewedAt?.toISOString() ?? null,
    decided_at: q.decidedAt?.toISOString() ?? null,
    decline_reason: q.declineReason,
    withdrawn_at: q.withdrawnAt?.toISOString() ?? null,
    superseded_by: q.supersededBy,
    draft_revision_id: q.status === 'draft' ? null : draftRevisionId,
    approval: toApproval(approval),
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}

export async function loadItems(db: Db | Tx, quoteId: string): Promise<QuoteItemRow[]> {
  return db.select().from(quoteItems).where(eq(quoteItems.quoteId, quoteId)).orderBy(asc(quoteItems.position));
}
async function loadApproval(db: Db | Tx, quoteId: string): Promise<ApprovalRow | undefined> {
  const [a] = await db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quoteId)).limit(1);
  return a;
}

/** The caller's workspace's quote, or 404 (another workspace's quote is not found, design.md §4). */
export async function findOwnQuote(db: Db | Tx, actor: Actor, id: string, lock = false): Promise<QuoteRow> {
  const workspaceId = requireWorkspace(actor);
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.workspaceId, workspaceId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', QUOTE_NOT_FOUND);
  return row;
}

/** The family's draft revision other than `row` itself (one at a time: reviseQuote), or null. */
async function draftRevisionOf(db: Db | Tx, row: QuoteRow): Promise<string | null> {
  if (row.status === 'draft') return null;
  const [draft] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.familyId, row.familyId), eq(quotes.status, 'draft')))
    .limit(1);
  return draft?.id ?? null;
}

async function answer(db: Db | Tx, row: QuoteRow, now: Date): Promise<Quote> {
  // One after the other: a write's answer may be read inside its request's transaction, one connection.
  const items = await loadItems(db, row.id);
  const approval = await loadApproval(db, row.id);
  return toQuote(row, items, approval, now, await draftRevisionOf(db, row));
}

function quoteColumns(body: Body, timeZone: string) {
  return {
    title: body.title,
    options: body.options.map((o) => ({ name: o.name, description: o.description })),
    discount: toStoredAdjustment(body.discount),
    taxRateMilliPercent: toThousandths(body.tax_rate_percent),
    deposit: toStoredAdjustment(body.deposit),
    expiresOn: body.expires_on,
    expiresAt: quoteExpiresAt(body.expires_on, timeZone),
    notes: body.notes,
    terms: body.terms,
  };
}

async function writeItems(tx: Tx, quoteId: string, workspaceId: string, items: Body['items']) {
  await tx.delete(quoteItems).where(eq(quoteItems.quoteId, quoteId));
  if (items.length === 0) return;
  // A client-sent id is kept when it is unique in the list; otherwise a new one.
  const seen = new Set<string>();
  await tx.insert(quoteItems).values(
    items.map((i, position) => {
      const id = i.id && !seen.has(i.id) ? i.id : crypto.randomUUID();
      seen.add(id);
      return {
        id,
        quoteId,
        workspaceId,
        position,
        section: i.section || null,
        name: i.name,
        description: i.description,
        quantityMilli: toThousandths(i.quantity),
        unit: i.unit,
        unitPriceCents: i.unit_price_cents,
        taxable: i.taxable,
        optional: i.optional,
        option: i.option,
      };
    }),
  );
}

/** Item ids must be unique across quotes (the primary key): ids the client reuses from another quote are replaced. */
async function freshItemIds(tx: Tx, quoteId: string | null, items: Body['items']): Promise<Body['items']> {
  const ids = items.map((i) => i.id).filter((id): id is string => Boolean(id));
  if (ids.length === 0) return items;
  const taken = await tx
    .select({ id: quoteItems.id })
    .from(quoteItems)
    .where(and(inArray(quoteItems.id, ids), quoteId ? sql`${quoteItems.quoteId} <> ${quoteId}` : sql`true`));
  const takenIds = new Set(taken.map((t) => t.id));
  return items.map((i) => (i.id && takenIds.has(i.id) ? { ...i, id: undefined } : i));
}

/**
 * Q-1001, Q-1002, … per workspace (quotes_workspace_sequence_idx). Quotes numbered before the sequence
 * (Q-<yyyymmdd>-<4 id characters>) keep theirs.
 */
const nextQuoteNumber = (tx: Tx, workspaceId: string) =>
  nextWorkspaceNumber(tx, { prefix: 'Q', table: quotes, workspaceColumn: quotes.workspaceId, sequenceColumn: quotes.sequence }, workspaceId);

export async function createQuote(opts: { db: Db; actor: Actor; jobId: string; body: Body; now: Date }): Promise<Quote> {
  const workspaceId = requireWorkspace(opts.actor);
  const job = await findJobRecord(opts.db, { workspaceId, jobId: opts.jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const id = crypto.randomUUID();
  const row = await opts.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(quotes)
      .values({ id, workspaceId, jobId: job.id, createdBy: opts.actor.userId, familyId: id, ...(await nextQuoteNumber(tx, workspaceId)), ...quoteColumns(opts.body, await workspaceTimeZone(tx, workspaceId)) })
      .returning();
    await writeItems(tx, id, workspaceId, await freshItemIds(tx, id, opts.body.items));
    return inserted!;
  });
  return answer(opts.db, row, opts.now);
}

export async function updateQuote(opts: { db: Db; actor: Actor; id: string; body: Body; now: Date }): Promise<Quote> {
  const row = await opts.db.transaction(async (tx) => {
    const current = await findOwnQuote(tx, opts.actor, opts.id, true);
    if (current.status !== 'draft') throw new AppError('CONFLICT', QUOTE_NOT_DRAFT);
    const columns = quoteColumns(opts.body, await workspaceTimeZone(tx, current.workspaceId));
    const [updated] = await tx.update(quotes).set(columns).where(eq(quotes.id, current.id)).returning();
    await writeItems(tx, current.id, current.workspaceId, await freshItemIds(tx, current.id, opts.body.items));
    return updated!;
  });
  return answer(opts.db, row, opts.now);
}

export async function getQuote(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Quote> {
  return answer(opts.db, await findOwnQuote(opts.db, opts.actor, opts.id), opts.now);
}

/** A job's quotes, newest first, with each one's headline totals (one query for the items of all of them). */
export async function listJobQuotes(opts: { db: Db; actor: Actor; jobId: string; now: Date }) {
  const workspaceId = requireWorkspace(opts.actor);
  const job = await findJobRecord(opts.db, { workspaceId, jobId: opts.jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const rows = await opts.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.workspaceId, workspaceId), eq(quotes.jobId, job.id)))
    .orderBy(desc(quotes.createdAt), desc(quotes.revision));
  const ids = rows.map((r) => r.id);
  // At once: a read (GET) runs on the pool, never in a request's transaction (only the offline queue's writes get one).
  const [items, approvals] = ids.length
    ? await Promise.all([
        opts.db.select().from(quoteItems).where(inArray(quoteItems.quoteId, ids)).orderBy(asc(quoteItems.position)),
        opts.db.select().from(quoteApprovals).where(inArray(quoteApprovals.quoteId, ids)),
      ])
    : [[], []];
  return {
    quotes: rows.map((q) => {
      const content = quoteContent(
        q,
        items.filter((i) => i.quoteId === q.id),
        opts.now,
      );
      const approval = approvals.find((a) => a.quoteId === q.id);
      return {
        id: q.id,
        job_id: q.jobId,
        number: q.number,
        revision: q.revision,
        status: content.status,
        title: q.title,
        totals: content.totals,
        expires_on: q.expiresOn,
        first_sent_at: q.firstSentAt?.toISOString() ?? null,
        sent_at: q.sentAt?.toISOString() ?? null,
        decided_at: q.decidedAt?.toISOString() ?? null,
        created_at: q.createdAt.toISOString(),
        approved_total_cents: approval ? ((approval.totals as QuoteTotalsOut).total_cents ?? null) : null,
      };
    }),
    total: rows.length,
  };
}

/**
 * Sends the quote's link to the job's client contact by SMS and/or email (the outbox), and marks it sent. A draft,
 * sent or viewed quote may be sent (again); the link expires with the quote.
 */
export async function sendQuote(opts: {
  db: Db;
  actor: Actor;
  signer: TokenSigner;
  publicUrl: string;
  id: string;
  body: z.output<typeof SendQuoteBodySchema>;
  now: Date;
  /** The client hub's line for the messages (issue 36); absent, they go without it. */
  hubLinks?: ClientHubLinks;
}): Promise<{ quote: Quote; link: string; sent_to: { method: 'sms' | 'email'; address: string }[] }> {
  const { db, now } = opts;
  const current = await findOwnQuote(db, opts.actor, opts.id);
  const status = effectiveStatus(current, now);
  if (status !== 'draft' && status !== 'sent' && status !== 'viewed') throw new AppError('CONFLICT', `A quote that is ${status} cannot be sent`);
  // The zone may have changed since the date was saved: the client is told the day, in the zone as it is now.
  const expiresAt = quoteExpiresAt(current.expiresOn, await workspaceTimeZone(db, current.workspaceId));
  if (expiresAt <= now) throw fieldError('expires_on', 'The expiry date has passed: choose a later one before sending');
  const items = await loadItems(db, current.id);
  if (items.length === 0) throw fieldError('items', QUOTE_NO_ITEMS);
  const [contact] = await findContactsByIds({ db, actor: opts.actor, ids: [opts.body.contact_id] });
  if (!contact) throw fieldError('contact_id', 'Contact not found');
  const methods = [...new Set(opts.body.methods)];
  const addresses = methods.map((method) => {
    const found = contactAddress(contact, method);
    if (!found) throw fieldError('contact_id', QUOTE_NO_ADDRESS(method));
    return { method, address: method === 'sms' ? toE164(found) : found };
  });
  const emailed = addresses.find((a) => a.method === 'email');
  const link = quoteLink(opts.signer, opts.publicUrl, { id: current.id, expiresAt }, now);
  const company = await workspaceName(db, current.workspaceId);
  const row = await db.transaction(async (tx) => {
    // A draft revision replaces the family's earlier ones only now, when the client is sent it (issue 32 item 7):
    // until then the sent one stayed live. Their rows are locked first (an approval locks its row too), so an
    // approval of the earlier revision either came before — and this send is refused — or waits and is refused.
    const earlier =
      current.status === 'draft' && current.revision > 1
        ? await tx
            .select({ id: quotes.id, status: quotes.status })
            .from(quotes)
            .where(and(eq(quotes.familyId, current.familyId), lt(quotes.revision, current.revision)))
            .orderBy(asc(quotes.revision))
            .for('update')
        : [];
    if (earlier.some((e) => e.status === 'approved')) throw new AppError('CONFLICT', QUOTE_REVISION_SOURCE_APPROVED);
    const [updated] = await tx
      .update(quotes)
      // Send Again moves the last sent time only: the first stays (the audit trail shows both).
      // The email address is kept: the client's copy of what they sign goes there (signed-pdf.job.ts).
      .set({
        status: current.status === 'draft' ? 'sent' : current.status,
        expiresAt,
        sentAt: now,
        firstSentAt: sql`coalesce(${quotes.firstSentAt}, ${now.toISOString()}::timestamptz)`,
        ...(emailed ? { sentEmail: emailed.address } : {}),
      })
      .where(and(eq(quotes.id, current.id), inArray(quotes.status, ['draft', 'sent', 'viewed'])))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'The quote changed while it was being sent; try again');
    if (current.status === 'draft' && earlier.length > 0) {
      // Still open or declined: superseded by this one (its link now says so and links this one). A withdrawn one
      // stays withdrawn — its link was revoked and hands nobody the new quote — and only records what replaced it.
      await tx
        .update(quotes)
        .set({ status: sql`case when ${quotes.status} = 'withdrawn' then 'withdrawn' else 'superseded' end`, supersededBy: current.id })
        .where(
          and(
            eq(quotes.familyId, current.familyId),
            lt(quotes.revision, current.revision),
            inArray(quotes.status, ['sent', 'viewed', 'declined', 'withdrawn']),
          ),
        );
    }
    // The client's hub gets the quote (issue 36): every message also links the page of all their work.
    const hubLine = opts.hubLinks
      ? await opts.hubLinks.forSend(tx, { workspaceId: current.workspaceId, contactId: contact.id, senderId: opts.actor.userId, company, item: { kind: 'quote', id: current.id, jobId: current.jobId }, now })
      : null;
    for (const { method, address } of addresses) {
      if (method === 'sms') {
        await enqueueSms(tx, { to: address, text: `${company}: your quote "${current.title}" is ready. Review and approve it (valid until ${current.expiresOn}): ${link}${hubLine ? `\n${hubLine}` : ''}` });
      } else {
        await enqueueMail(tx, {
          to: address,
          subject: `Quote ${current.number} from ${company}: ${current.title}`,
          text: [
            `Hello ${contact.name},`,
            '',
            `${company} has sent you a quote: ${current.title}.`,
            `Review it, choose your option and approve it here (the link works until ${current.expiresOn}):`,
            link,
            ...(hubLine ? ['', hubLine] : []),
            '',
            `Reply to this email or call ${company} with any questions.`,
          ].join('\n'),
        });
      }
    }
    return updated;
  });
  return { quote: await answer(db, row, now), link, sent_to: addresses };
}

/**
 * A fresh signed link to a sent or viewed quote (Copy Client Link): the link Send gives, made again — nothing is
 * stored, so any number may exist; all of them stop with the quote (expiry, withdrawal, a sent revision).
 */
export async function quoteClientLink(opts: { db: Db; actor: Actor; signer: TokenSigner; publicUrl: string; id: string; now: Date }): Promise<{ link: string; expires_on: string }> {
  const current = await findOwnQuote(opts.db, opts.actor, opts.id);
  const status = effectiveStatus(current, opts.now);
  if (status !== 'sent' && status !== 'viewed') throw new AppError('CONFLICT', QUOTE_NO_CLIENT_LINK(status));
  return { link: quoteLink(opts.signer, opts.publicUrl, current, opts.now), expires_on: current.expiresOn };
}

/**
 * A sent quote is changed by a new draft revision (a copy). The sent one stays live — its link opens it and the client
 * may still approve or decline it — until the revision is sent (sendQuote supersedes it then). One draft revision per
 * family at a time, made from the family's newest revision only (issue 32 item 7).
 */
export async function reviseQuote(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Quote> {
  const row = await opts.db.transaction(async (tx) => {
    // Locked: two revisions at once are made one after the other, and the second sees the first's draft.
    const current = await findOwnQuote(tx, opts.actor, opts.id, true);
    const status = effectiveStatus(current, opts.now);
    if (!['sent', 'viewed', 'expired', 'declined', 'withdrawn'].includes(status)) {
      throw new AppError('CONFLICT', status === 'draft' ? 'A draft is edited directly' : `A quote that is ${status} cannot be revised`);
    }
    const family = await tx.select({ revision: quotes.revision, status: quotes.status }).from(quotes).where(eq(quotes.familyId, current.familyId));
    if (family.some((f) => f.status === 'draft')) throw new AppError('CONFLICT', QUOTE_DRAFT_REVISION_EXISTS);
    if (family.some((f) => f.revision > current.revision)) throw new AppError('CONFLICT', QUOTE_NOT_LATEST_REVISION);
    const id = crypto.randomUUID();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = current;
    const [inserted] = await tx
      .insert(quotes)
      .values({
        ...copy,
        id,
        revision: current.revision + 1,
        status: 'draft',
        firstSentAt: null,
        sentAt: null,
        viewedAt: null,
        decidedAt: null,
        declineReason: null,
        withdrawnAt: null,
        supersededBy: null,
        createdBy: opts.actor.userId,
      })
      .returning();
    const items = await loadItems(tx, current.id);
    if (items.length) await tx.insert(quoteItems).values(items.map(({ id: _itemId, ...i }) => ({ ...i, quoteId: id })));
    return inserted!;
  });
  return answer(opts.db, row, opts.now);
}

/**
 * Duplicates a quote — any status — onto a job of the same workspace (issue 32 item 9): a new draft, numbered anew,
 * revision 1 of its own family, with the source's options, items (new ids), discount, tax, deposit, notes and terms.
 * Nothing of the source's sending or decision comes along; it is valid DUPLICATE_QUOTE_VALID_DAYS from today (in the
 * workspace's zone), since the source's date may be long past.
 */
export async function duplicateQuote(opts: { db: Db; actor: Actor; id: string; jobId: string; now: Date }): Promise<Quote> {
  const workspaceId = requireWorkspace(opts.actor);
  const source = await findOwnQuote(opts.db, opts.actor, opts.id);
  const job = await findJobRecord(opts.db, { workspaceId, jobId: opts.jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const timeZone = await workspaceTimeZone(opts.db, workspaceId);
  const expiresOn = localDate(new Date(opts.now.getTime() + DUPLICATE_QUOTE_VALID_DAYS * 86_400_000), timeZone);
  const id = crypto.randomUUID();
  const row = await opts.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(quotes)
      .values({
        id,
        workspaceId,
        jobId: job.id,
        createdBy: opts.actor.userId,
        familyId: id,
        ...(await nextQuoteNumber(tx, workspaceId)),
        title: source.title,
        options: source.options,
        discount: source.discount,
        taxRateMilliPercent: source.taxRateMilliPercent,
        deposit: source.deposit,
        expiresOn,
        expiresAt: quoteExpiresAt(expiresOn, timeZone),
        notes: source.notes,
        terms: source.terms,
      })
      .returning();
    const items = await loadItems(tx, source.id);
    if (items.length) await tx.insert(quoteItems).values(items.map(({ id: _itemId, ...i }) => ({ ...i, id: crypto.randomUUID(), quoteId: id })));
    return inserted!;
  });
  return answer(opts.db, row, opts.now);
}

/**
 * Discards a draft with its items: a draft revision (the live one is untouched) or a first draft that was never sent.
 * A draft never had a link, an approval or a notification, so nothing else refers to it. Nothing else is deleted.
 */
export async function discardQuote(opts: { db: Db; actor: Actor; id: string }): Promise<{ ok: true; live_quote_id: string | null }> {
  return opts.db.transaction(async (tx) => {
    const current = await findOwnQuote(tx, opts.actor, opts.id, true);
    if (current.status !== 'draft') throw new AppError('CONFLICT', QUOTE_ONLY_DRAFT_DISCARDED);
    // The items go with it (quote_items.quote_id cascades).
    await tx.delete(quotes).where(and(eq(quotes.id, current.id), eq(quotes.status, 'draft')));
    const [live] = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.familyId, current.familyId), lt(quotes.revision, current.revision)))
      .orderBy(desc(quotes.revision))
      .limit(1);
    return { ok: true as const, live_quote_id: live?.id ?? null };
  });
}

/**
 * Withdraws a sent or viewed quote (also one past its expiry): its link then says it was withdrawn and refuses a
 * decision. Final for this revision — it is never sent again; a new revision (reviseQuote) has a link of its own.
 */
export async function withdrawQuote(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Quote> {
  const row = await opts.db.transaction(async (tx) => {
    // Locked: an approval of the same quote (which locks it too) comes wholly before or after.
    const current = await findOwnQuote(tx, opts.actor, opts.id, true);
    if (current.status !== 'sent' && current.status !== 'viewed') throw new AppError('CONFLICT', QUOTE_NOT_WITHDRAWABLE(effectiveStatus(current, opts.now)));
    const [updated] = await tx.update(quotes).set({ status: 'withdrawn', withdrawnAt: opts.now }).where(eq(quotes.id, current.id)).returning();
    return updated!;
  });
  return answer(opts.db, row, opts.now);
}

/**
 * Makes an approved quote's signed PDF again — its document was deleted from the job, or making it failed — through
 * the same job (signed-pdf.job.ts), from the approval's snapshot as the first. The author is not emailed again.
 */
export async function remakeSignedPdf(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Quote> {
  const row = await opts.db.transaction(async (tx) => {
    const current = await findOwnQuote(tx, opts.actor, opts.id, true);
    const [approval] = await tx.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, current.id)).limit(1).for('update');
    if (!approval) throw new AppError('CONFLICT', 'Only an approved quote has a signed PDF');
    const status = pdfStatusOf(approval);
    if (status === 'done') throw new AppError('CONFLICT', QUOTE_SIGNED_PDF_EXISTS);
    if (status !== 'pending') {
      await tx
        .update(quoteApprovals)
        .set({ pdfStatus: 'pending', pdfError: null, attempts: 0, nextAttemptAt: opts.now, lockedUntil: null })
        .where(eq(quoteApprovals.id, approval.id));
    }
    return current;
  });
  return answer(opts.db, row, opts.now);
}

/**
 * The price book: items of the workspace's earlier quotes whose name contains `q`, ranked like every name search
 * (nameRank: the name typed in full, then names starting with it, then the rest), most used first within a rank, at
 * their latest price.
 */
export async function priceBook(opts: { db: Db; actor: Actor; q: string }) {
  const workspaceId = requireWorkspace(opts.actor);
  const rank = nameRank(quoteItems.name, opts.q);
  // The latest 500 matching lines of the best ranks (newest quote first), grouped by name in memory: enough for a suggestion list.
  const rows = await opts.db
    .select({ name: quoteItems.name, description: quoteItems.description, unit: quoteItems.unit, unit_price_cents: quoteItems.unitPriceCents, taxable: quoteItems.taxable, rank: sql<number>`${rank}` })
    .from(quoteItems)
    .innerJoin(quotes, eq(quotes.id, quoteItems.quoteId))
    .where(and(eq(quoteItems.workspaceId, workspaceId), ilike(quoteItems.name, likePattern(opts.q))))
    .orderBy(rank, desc(quotes.createdAt), asc(quoteItems.position))
    .limit(500);
  const byName = new Map<string, Omit<(typeof rows)[number], 'rank'> & { rank: number; used: number }>();
  for (const { rank: r, ...row } of rows) {
    const key = row.name.toLowerCase();
    const seen = byName.get(key);
    if (seen) seen.used += 1;
    else byName.set(key, { ...row, rank: Number(r), used: 1 });
  }
  const ranked = [...byName.values()].sort((a, b) => a.rank - b.rank || b.used - a.used || a.name.localeCompare(b.name));
  return { items: ranked.slice(0, 10).map(({ rank: _rank, ...item }) => item) };
}

