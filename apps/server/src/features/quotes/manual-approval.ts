import { formatCents, MANUAL_APPROVAL_METHOD_LABELS, QUOTE_NOT_MARKABLE, type MarkQuoteApprovedBodySchema, type Quote } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { findPeople } from '../profiles';
import { canonicalJson, notifyDecision, sha256, shownContent } from './quotes.public';
import { quoteApprovals, quotes } from './quotes.schema';
import { approvalSelection, effectiveStatus, findOwnQuote, getQuote, loadItems, totalsFor } from './quotes.service';

/**
 * Mark Approved (issue 32 item 9): the client said yes outside the quote's page — on the phone, on paper — and a member
 * of the workspace records it: the option, the ticked optional lines, who approved, how, and a note. It is an approval
 * like the page's (the same snapshot of what was approved and its fingerprint, the quote locked as approved, the same
 * notifications, the signed-PDF job), with no signature image: the PDF says it was approved by hand, by whom, how.
 */
export async function markQuoteApproved(opts: { db: Db; actor: Actor; id: string; body: z.output<typeof MarkQuoteApprovedBodySchema>; now: Date }): Promise<Quote> {
  const { db, actor, body, now } = opts;
  const recorder = (await findPeople(db, [actor.userId])).get(actor.userId);
  const recordedBy = recorder?.fullName || recorder?.userName || recorder?.email || 'a team member';
  await db.transaction(async (tx) => {
    // Locked, as the page's approval locks it: a decision by the client meanwhile comes wholly before (and this is refused) or after.
    const row = await findOwnQuote(tx, actor, opts.id, true);
    const status = effectiveStatus(row, now);
    if (status !== 'sent' && status !== 'viewed') throw new AppError('CONFLICT', QUOTE_NOT_MARKABLE(status));
    const items = await loadItems(tx, row.id);
    const { option, ticked } = approvalSelection(row, items, body);
    const content = await shownContent(tx, row, items, now);
    const totals = totalsFor(row, items, { option, optionalIds: ticked });
    const chosen = option === null ? null : row.options[option]!.name;
    const byHand = { method: body.method, note: body.note, recorded_by: recordedBy };
    const shown = { quote: content, selection: { option, option_name: chosen, optional_item_ids: ticked }, totals, signer_name: body.approved_by, consent: false, by_hand: byHand };
    await tx.insert(quoteApprovals).values({
      quoteId: row.id,
      workspaceId: row.workspaceId,
      option,
      optionalItemIds: ticked,
      signerName: body.approved_by,
      signaturePng: null,
      method: body.method,
      note: body.note || null,
      recordedBy: actor.userId,
      consent: false,
      ipAddress: null,
      userAgent: null,
      shown,
      fingerprint: sha256(canonicalJson(shown)),
      totals,
      approvedAt: now,
    });
    await tx.update(quotes).set({ status: 'approved', decidedAt: now }).where(eq(quotes.id, row.id));
    const where = content.job.property_address ?? content.job.client_name;
    await notifyDecision(
      tx,
      row,
      'quote_approved',
      `Quote ${row.number} approved by ${body.approved_by}`,
      [row.title + (chosen ? ` (${chosen})` : ''), formatCents(totals.total_cents), `${MANUAL_APPROVAL_METHOD_LABELS[body.method]}, recorded by ${recordedBy}`, ...(where ? [where] : [])].join(' · '),
    );
  });
  return getQuote({ db, actor, id: opts.id, now });
}
