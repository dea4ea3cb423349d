import {
  QUOTE_ALREADY_APPROVED,
  QUOTE_ALREADY_DECLINED,
  QUOTE_CHANGED,
  QUOTE_LINK_EXPIRED,
  QUOTE_LINK_INVALID,
  QUOTE_NO_PRINT,
  QUOTE_SIGNED_PDF_NOT_READY,
  QUOTE_SUPERSEDED,
  QUOTE_WITHDRAWN,
  formatCents,
  type ApproveQuoteBodySchema,
  type ApprovedQuote,
  type PublicQuote,
  type QuoteTotalsOut,
} from '@fieldbook/contract';
import { createHash } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { TokenSigner } from '../../platform/tokens';
import { enqueueMail } from '../../platform/mail';
import { findJobRecord } from '../jobs';
import { notify } from '../notifications';
import { workspaceAdminIds, workspaceName, workspaceTimeZone } from '../workspaces';
import { authorMailAddress } from './author-mail';
import { quoteAppPath, quoteLink, readQuoteToken } from './quote-link';
import { quoteApprovals, quotes } from './quotes.schema';
import { approvalSelection, effectiveStatus, findOwnQuote, loadItems, quoteContent, totalsFor, type ApprovalRow, type QuoteItemRow, type QuoteRow } from './quotes.service';
import type { Actor } from '../../platform/auth-guard';
import { readDrawnSignature } from './signature';
import { writeUnsignedQuotePdf } from './quote-pdf';
import { effectiveDepositStep, NO_ONLINE_PAYMENTS, type QuoteDepositPayments } from './deposit-step';

/** `payments`: online payments for the deposit step (app.ts gives the payments feature's); absent, they are off. */
export type PublicDeps = { db: Db; signer: TokenSigner; publicUrl: string; now: Date; payments?: QuoteDepositPayments };
type Client = { ip: string | null; userAgent: string | null };

/** JSON with keys sorted at every level: the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The quote id a link opens, or the link's refusal (tampered or another purpose: 404; past its time: 410). */
function quoteIdOf(deps: PublicDeps, token: string): string {
  const read = readQuoteToken(deps.signer, token, deps.now);
  if (read === null) throw new AppError('NOT_FOUND', QUOTE_LINK_INVALID);
  if (read === 'expired') throw new AppError('GONE', QUOTE_LINK_EXPIRED);
  return read;
}

/** The statuses of a newer revision a superseded quote's link may lead to: ones the client was sent and can open. */
const LINKED_REPLACEMENT: readonly QuoteRow['status'][] = ['sent', 'viewed', 'approved'];

/** Quotes whose link keeps opening after it expired: the client's record of what they decided (issue 32 item 4). */
const KEPT_AFTER_EXPIRY: readonly QuoteRow['status'][] = ['approved', 'declined'];

/**
 * The quote a link opens to be read (the page, its signed PDF): a genuine link past its time still opens an approved
 * or declined quote — what the client signed stays theirs to see — and is refused (410) for anything else.
 */
async function readableQuote(deps: PublicDeps, token: string): Promise<QuoteRow> {
  const read = readQuoteToken(deps.signer, token, deps.now);
  if (read === null) throw new AppError('NOT_FOUND', QUOTE_LINK_INVALID);
  if (read !== 'expired') {
    const row = await quoteById(deps.db, read);
    // Revoked (issue 32 item 7): the link shows nothing of a withdrawn quote, nor of what replaced it.
    if (row.status === 'withdrawn') throw await withdrawn(deps.db, row, 'GONE');
    return row;
  }
  // The signature holds, so the id before the first dot is the one the link was made for.
  const row = await quoteById(deps.db, token.slice(0, token.indexOf('.'))).catch(() => null);
  if (!row || !KEPT_AFTER_EXPIRY.includes(row.status)) throw new AppError('GONE', QUOTE_LINK_EXPIRED);
  return row;
}

async function quoteById(db: Db | Tx, id: string, lock = false): Promise<QuoteRow> {
  const query = db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  // A draft never had a link; a deleted quote has none any more.
  if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', QUOTE_LINK_INVALID);
  return row;
}

/** A withdrawn quote's refusal, naming the company: 410 where the link is opened, 409 where a decision is sent. */
async function withdrawn(db: Db | Tx, row: QuoteRow, code: 'GONE' | 'CONFLICT'): Promise<AppError> {
  return new AppError(code, QUOTE_WITHDRAWN(await workspaceName(db as Db, row.workspaceId)));
}

/** What the homeowner is shown, without status or times: the fingerprinted content. */
export async function shownContent(db: Db | Tx, row: QuoteRow, items: QuoteItemRow[], now: Date, known?: { company: string; job: Awaited<ReturnType<typeof findJobRecord>> }) {
  // Without `known`: inside the approval's transaction, one connection, so one statement after the other.
  const company = known ? known.company : await workspaceName(db as Db, row.workspaceId);
  const job = known ? known.job : await findJobRecord(db, { workspaceId: row.workspaceId, jobId: row.jobId });
  const { status: _status, ...content } = quoteContent(row, items, now);
  return { ...content, company, job: { title: job?.title ?? null, client_name: job?.clientName ?? null, property_address: job?.propertyAddress ?? null } };
}

async function publicAnswer(deps: PublicDeps, db: Db | Tx, row: QuoteRow, inTransaction = false): Promise<PublicQuote> {
  const reads = [
    () => loadItems(db, row.id),
    () => workspaceName(db as Db, row.workspaceId),
    () => findJobRecord(db, { workspaceId: row.workspaceId, jobId: row.jobId }),
    () => db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, row.id)).limit(1),
    () => effectiveDepositStep(db, deps.payments ?? NO_ONLINE_PAYMENTS, row.workspaceId),
    () => workspaceTimeZone(db, row.workspaceId),
  ] as const;
  // The page: one round of reads at once (its p95, bench/quotes.ts). A transaction is one connection, whose statements
  // go one after another anyway — node-postgres queues them with a deprecation warning (an error from pg 9) — so the
  // answer of an approval or a decline reads them in turn.
  const [items, company, job, [approval], depositStep, timeZone] = inTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3](), await reads[4](), await reads[5]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4](), reads[5]()]);
  const shown = await shownContent(db, row, items, deps.now, { company, job });
  let replacedBy: string | null = null;
  if (row.status === 'superseded') {
    // The family's newest revision past the draft stage, linked only while it is one the client was sent and may
    // open (sent, viewed, approved): never a draft's, and nothing once the newest was withdrawn or expired — the
    // old link hands its holder no more than the contractor sent (issue 32 item 7).
    const [newest] = await db
      .select()
      .from(quotes)
      .where(and(eq(quotes.familyId, row.familyId), ne(quotes.status, 'draft')))
      .orderBy(desc(quotes.revision))
      .limit(1);
    if (newest && newest.id !== row.id && LINKED_REPLACEMENT.includes(effectiveStatus(newest, deps.now))) replacedBy = quoteLink(deps.signer, deps.publicUrl, newest, deps.now);
  }
  return {
    ...shown,
    status: effectiveStatus(row, deps.now),
    content_fingerprint: sha256(canonicalJson(shown)),
    decided_at: row.decidedAt?.toISOString() ?? null,
    approval: approval ? publicApproval(approval) : null,
    replaced_by_link: replacedBy,
    signed_pdf_ready: row.status === 'approved' && Boolean(approval?.documentId),
    deposit_step: depositStep,
    time_zone: timeZone,
  };
}

const publicApproval = (a: ApprovalRow) => ({
  signer_name: a.signerName,
  option: a.option,
  optional_item_ids: a.optionalItemIds,
  totals: a.totals as QuoteTotalsOut,
  approved_at: a.approvedAt.toISOString(),
  fingerprint: a.fingerprint,
});

/**
 * GET /api/public/quotes/:token — the page's content. It marks nothing: a message preview or a mail scanner fetches the
 * link too (issue 32 item 4); the page, once a browser renders it, says so with POST …/viewed (markQuoteViewed).
 */
export async function viewQuote(deps: PublicDeps, token: string): Promise<PublicQuote> {
  return publicAnswer(deps, deps.db, await readableQuote(deps, token));
}

/**
 * GET /api/quotes/:id/preview — Preview as Client (issue 32 item 9): the page's content for a member of the quote's
 * workspace, any status, a draft too. No link is made or needed, and nothing is marked: a preview is not a view.
 */
export async function previewQuote(deps: PublicDeps, actor: Actor, id: string): Promise<PublicQuote> {
  return publicAnswer(deps, deps.db, await findOwnQuote(deps.db, actor, id));
}

/**
 * GET /api/quotes/:id/pdf — the quote to print (issue 32 item 9): a draft, sent or viewed quote of the caller's
 * workspace as the client's page shows it, marked "Not signed". An approved quote has its signed PDF instead.
 */
export async function unsignedQuotePdf(db: Db, actor: Actor, id: string, now: Date): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findOwnQuote(db, actor, id);
  const status = effectiveStatus(row, now);
  if (status !== 'draft' && status !== 'sent' && status !== 'viewed') throw new AppError('CONFLICT', QUOTE_NO_PRINT(status));
  const content = await shownContent(db, row, await loadItems(db, row.id), now);
  return { pdf: await writeUnsignedQuotePdf(content), fileName: `Quote ${row.number}${row.revision > 1 ? ` revision ${row.revision}` : ''} (not signed).pdf`.replace(/[\\/:*?"<>|]/g, '-') };
}

/** POST /api/public/quotes/:token/viewed — the first time a browser rendered a sent quote: viewed, once (idempotent). */
export async function markQuoteViewed(deps: PublicDeps, token: string): Promise<{ status: QuoteRow['status'] }> {
  const id = quoteIdOf(deps, token);
  const row = await quoteById(deps.db, id);
  if (row.status !== 'sent' || effectiveStatus(row, deps.now) !== 'sent') return { status: effectiveStatus(row, deps.now) };
  const [viewed] = await deps.db
    .update(quotes)
    .set({ status: 'viewed', viewedAt: deps.now })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'sent')))
    .returning({ status: quotes.status });
  // Not updated: another request changed it meanwhile (a second tab's, a decision): its status now.
  return { status: viewed ? viewed.status : effectiveStatus(await quoteById(deps.db, id), deps.now) };
}

/** GET /api/public/quotes/:token/signed-pdf — where the approved quote's signed PDF is stored, and its file name. */
export async function signedPdfOf(deps: PublicDeps, token: string): Promise<{ key: string; fileName: string }> {
  const row = await readableQuote(deps, token);
  const [approval] = row.status === 'approved' ? await deps.db.select({ documentId: quoteApprovals.documentId }).from(quoteApprovals).where(eq(quoteApprovals.quoteId, row.id)).limit(1) : [];
  if (!approval?.documentId) throw new AppError('NOT_FOUND', QUOTE_SIGNED_PDF_NOT_READY);
  // Where storeGeneratedPdf keeps a generated document (signed-pdf.job.ts attaches it to the author's email the same way).
  return { key: `documents/${row.workspaceId}/${approval.documentId}`, fileName: `Quote ${row.number} signed.pdf` };
}

/** Why a quote can no longer be decided, or null when it can. */
async function refusal(db: Db | Tx, row: QuoteRow, now: Date): Promise<AppError | null> {
  const status = effectiveStatus(row, now);
  if (status === 'withdrawn') return withdrawn(db, row, 'CONFLICT');
  if (status === 'approved') return new AppError('CONFLICT', QUOTE_ALREADY_APPROVED);
  if (status === 'declined') return new AppError('CONFLICT', QUOTE_ALREADY_DECLINED);
  if (status === 'superseded') return new AppError('CONFLICT', QUOTE_SUPERSEDED);
  if (status === 'expired') return new AppError('GONE', QUOTE_LINK_EXPIRED);
  return null;
}

/**
 * Tells the quote's author and the workspace's admins (in the app) of the homeowner's decision, inside the decision's
 * transaction: the notification exists exactly when the decision does.
 */
export async function notifyDecision(tx: Tx, row: QuoteRow, kind: 'quote_approved' | 'quote_declined', title: string, body: string): Promise<void> {
  const admins = await workspaceAdminIds(tx, row.workspaceId);
  await notify(tx, { workspaceId: row.workspaceId, userIds: [row.createdBy, ...admins], kind, title, body, link: quoteAppPath(row), jobId: row.jobId });
}

/**
 * POST /api/public/quotes/:token/approve — records the approval and locks the quote, in one transaction with the
 * quote's row locked: a second approval (or a decline) waits and is then refused, nothing changed. The approval row is
 * also the signed PDF's job.
 *
 * The link and the quote's state are checked before the signature image is touched (a link that can approve nothing
 * never gets an image read), then the image is read in a child process with limits and kept as the clean copy written
 * there (signature.ts) — outside the transaction, which checks the state again under the row lock.
 *
 * Deposit required (issue 33): once the approval is stored, Stripe's page for the deposit is opened and its address
 * answered, so the browser goes straight there. The approval stands whatever Stripe does: when the page cannot be
 * opened the answer has no address, and the approved page offers Pay deposit (the deposit shows as due until paid).
 */
export async function approveQuote(deps: PublicDeps, token: string, body: z.output<typeof ApproveQuoteBodySchema>, client: Client): Promise<ApprovedQuote> {
  const id = quoteIdOf(deps, token);
  const refusedNow = await refusal(deps.db, await quoteById(deps.db, id), deps.now);
  if (refusedNow) throw refusedNow;
  const signature = await readDrawnSignature(body.signature_png);
  const page = await approveInTransaction(deps, id, body, signature, client);
  let checkout: string | null = null;
  if (page.deposit_step === 'required' && (page.approval?.totals.deposit_cents ?? 0) > 0) {
    checkout = await (deps.payments ?? NO_ONLINE_PAYMENTS).startDepositCheckout(token, deps.now).then(
      (s) => s.url,
      () => null,
    );
  }
  return { ...page, deposit_checkout_url: checkout };
}

async function approveInTransaction(deps: PublicDeps, id: string, body: z.output<typeof ApproveQuoteBodySchema>, signature: Buffer, client: Client): Promise<PublicQuote> {
  return deps.db.transaction(async (tx) => {
    const row = await quoteById(tx, id, true);
    const refused = await refusal(tx, row, deps.now);
    if (refused) throw refused;
    const items = await loadItems(tx, row.id);
    // What is signed is exactly the chosen option and its ticked lines (one rule with the approval by hand).
    const { option, ticked } = approvalSelection(row, items, body);
    const content = await shownContent(tx, row, items, deps.now);
    if (sha256(canonicalJson(content)) !== body.content_fingerprint) throw new AppError('CONFLICT', QUOTE_CHANGED);
    const totals = totalsFor(row, items, { option, optionalIds: ticked });
    const chosen = option === null ? null : row.options[option]!.name;
    // Exactly what was shown and chosen, hashed: the audit trail's fingerprint.
    const shown = { quote: content, selection: { option, option_name: chosen, optional_item_ids: ticked }, totals, signer_name: body.signer_name, consent: true };
    const fingerprint = sha256(canonicalJson(shown));
    await tx.insert(quoteApprovals).values({
      quoteId: row.id,
      workspaceId: row.workspaceId,
      option,
      optionalItemIds: ticked,
      signerName: body.signer_name,
      signaturePng: signature.toString('base64'),
      consent: true,
      ipAddress: client.ip,
      userAgent: client.userAgent,
      shown,
      fingerprint,
      totals,
      approvedAt: deps.now,
    });
    const [approved] = await tx.update(quotes).set({ status: 'approved', decidedAt: deps.now }).where(eq(quotes.id, row.id)).returning();
    const where = content.job.property_address ?? content.job.client_name;
    await notifyDecision(
      tx,
      row,
      'quote_approved',
      `Quote ${row.number} approved by ${body.signer_name}`,
      [row.title + (chosen ? ` (${chosen})` : ''), formatCents(totals.total_cents), ...(where ? [where] : [])].join(' · '),
    );
    return publicAnswer(deps, tx, approved!, true);
  });
}

/** POST /api/public/quotes/:token/decline — with an optional reason; refused like an approval once decided. */
export async function declineQuote(deps: PublicDeps, token: string, reason: string): Promise<PublicQuote> {
  const id = quoteIdOf(deps, token);
  return deps.db.transaction(async (tx) => {
    const row = await quoteById(tx, id, true);
    const refused = await refusal(tx, row, deps.now);
    if (refused) throw refused;
    const [declined] = await tx
      .update(quotes)
      .set({ status: 'declined', decidedAt: deps.now, declineReason: reason || null })
      .where(eq(quotes.id, row.id))
      .returning();
    // The contractor hears of it at once (an approval's mail goes with its signed PDF, signed-pdf.job.ts), unless
    // their settings say no email (author-mail.ts).
    const authorEmail = await authorMailAddress(tx, row.createdBy);
    if (authorEmail) {
      await enqueueMail(tx, {
        to: authorEmail,
        subject: `Quote ${row.number} declined: ${row.title}`,
        text: [`Your quote "${row.title}" (${row.number}, revision ${row.revision}) was declined.`, '', reason ? `Reason given: ${reason}` : 'No reason was given.', '', `${deps.publicUrl}${quoteAppPath(row)}`].join('\n'),
      });
    }
    await notifyDecision(tx, row, 'quote_declined', `Quote ${row.number} declined`, `${row.title} · ${reason ? `Reason: ${reason}` : 'No reason given.'}`);
    return publicAnswer(deps, tx, declined!, true);
  });
}
