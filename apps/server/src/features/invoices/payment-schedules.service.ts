import {
  formatCents,
  invoiceStatus,
  localDate,
  QUOTE_NOT_APPROVED_FOR_INVOICE,
  QUOTE_NOT_FOUND,
  SCHEDULE_ADMIN_ONLY,
  SCHEDULE_DEPOSIT_FIRST,
  SCHEDULE_DEPOSIT_PART_FIRST,
  SCHEDULE_FINAL_EMPTY,
  SCHEDULE_INVOICED_CANNOT_DELETE,
  SCHEDULE_NO_DEPOSIT,
  SCHEDULE_NOT_FOUND,
  SCHEDULE_OVER_APPROVED,
  SCHEDULE_PART_HAS_INVOICE,
  SCHEDULE_PART_INVOICED,
  SCHEDULE_PART_NOT_FOUND,
  SCHEDULE_QUOTE_INVOICED,
  splitSchedule,
  toThousandths,
  type Invoice,
  type JobPaymentSchedules,
  type PaymentSchedule,
  type PaymentScheduleBodySchema,
  type SchedulePartTerms,
} from '@fieldbook/contract';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { findApprovedQuoteAmounts, findApprovedQuoteLines, lockQuoteForInvoicing, type ApprovedQuoteAmounts } from '../quotes';
import { workspaceAdminIds, workspaceTimeZone } from '../workspaces';
import { invoiceItems, invoicePayments, invoices } from './invoices.schema';
import { answer, insertDraft, ownJob, totalsOf, type InvoiceRow } from './invoices.service';
import { paymentScheduleParts, paymentSchedules } from './payment-schedules.schema';
import { creditQuoteDeposits, type QuoteDepositLedger } from './quote-deposit-credit';

/**
 * Progress invoicing (issue 33): a payment schedule on a job for one approved quote, its parts made invoices one by
 * one. Who may do what: any member of the workspace views a job's schedules and makes a part's invoice (as any member
 * invoices a quote in one click); only the workspace's admins (its owner, a system admin) make, change or remove a
 * schedule — it decides what the client is billed, and may bill more than was approved.
 */

type ScheduleRow = typeof paymentSchedules.$inferSelect;
type PartRow = typeof paymentScheduleParts.$inferSelect;
type Body = z.output<typeof PaymentScheduleBodySchema>;

const isAdmin = async (db: Db | Tx, workspaceId: string, actor: Actor) => (await workspaceAdminIds(db, workspaceId)).includes(actor.userId);

/** A part's terms for the money module: the deposit is the amount the approval fixed. */
function termsOf(p: Pick<PartRow, 'kind' | 'milliPercent' | 'amountCents'>, depositCents: number): SchedulePartTerms {
  if (p.kind === 'deposit') return { kind: 'amount', cents: depositCents };
  if (p.kind === 'percent') return { kind: 'percent', milliPercent: p.milliPercent ?? 0 };
  if (p.kind === 'amount') return { kind: 'amount', cents: p.amountCents ?? 0 };
  return { kind: 'final' };
}

const splitOf = (parts: readonly Pick<PartRow, 'kind' | 'milliPercent' | 'amountCents'>[], quote: ApprovedQuoteAmounts) =>
  splitSchedule(
    quote.totalCents,
    parts.map((p) => termsOf(p, quote.depositCents)),
  );

type InvoiceState = { id: string; number: string; status: string; balance_cents: number; void: boolean };

/** The invoices the parts were made into, with their status and balance (two statements for all of them). */
async function invoiceStates(db: Db | Tx, ids: string[], now: Date): Promise<Map<string, InvoiceState>> {
  if (ids.length === 0) return new Map();
  const [rows, items, payments] = [
    await db.select().from(invoices).where(inArray(invoices.id, ids)),
    await db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, ids)),
    await db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)),
  ];
  return new Map(
    rows.map((r: InvoiceRow) => {
      const totals = totalsOf(
        r,
        items.filter((i) => i.invoiceId === r.id),
        payments.filter((p) => p.invoiceId === r.id),
      );
      return [r.id, { id: r.id, number: r.number, status: invoiceStatus(r.status, totals, r.dueAt, now), balance_cents: totals.balance_cents, void: r.status === 'void' }];
    }),
  );
}

function toSchedule(s: ScheduleRow, parts: PartRow[], quote: ApprovedQuoteAmounts, states: Map<string, InvoiceState>): PaymentSchedule {
  const split = splitOf(parts, quote);
  return {
    id: s.id,
    job_id: s.jobId,
    quote_id: quote.id,
    quote_number: quote.number,
    quote_title: quote.title,
    approved_cents: quote.totalCents,
    deposit_cents: quote.depositCents,
    total_cents: split.totalCents,
    over_cents: split.overCents,
    over_approved: s.overApproved,
    parts: parts.map((p, i) => {
      const inv = p.invoiceId ? states.get(p.invoiceId) : undefined;
      return {
        id: p.id,
        kind: p.kind,
        name: p.name,
        percent: p.milliPercent === null ? null : p.milliPercent / 1000,
        amount_cents: p.amountCents,
        cents: split.cents[i]!,
        due_trigger: p.dueTrigger,
        due_on: p.dueOn,
        invoice: inv && !inv.void ? { id: inv.id, number: inv.number, status: inv.status, balance_cents: inv.balance_cents } : null,
      };
    }),
    updated_at: s.updatedAt.toISOString(),
  };
}

const loadParts = (db: Db | Tx, scheduleId: string) => db.select().from(paymentScheduleParts).where(eq(paymentScheduleParts.scheduleId, scheduleId)).orderBy(asc(paymentScheduleParts.position));

async function scheduleAnswer(db: Db | Tx, s: ScheduleRow, quote: ApprovedQuoteAmounts, now: Date): Promise<PaymentSchedule> {
  const parts = await loadParts(db, s.id);
  const states = await invoiceStates(
    db,
    parts.map((p) => p.invoiceId).filter((id): id is string => id !== null),
    now,
  );
  return toSchedule(s, parts, quote, states);
}

/** The quote's invoices that are not void and were not made of a schedule's part: the quote was invoiced in full. */
async function fullInvoiceOf(db: Db | Tx, quoteId: string): Promise<{ id: string; number: string } | null> {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .leftJoin(paymentScheduleParts, eq(paymentScheduleParts.invoiceId, invoices.id))
    .where(and(eq(invoices.quoteId, quoteId), ne(invoices.status, 'void'), isNull(paymentScheduleParts.id)))
    .orderBy(asc(invoices.createdAt))
    .limit(1);
  return row ?? null;
}

/** GET /api/jobs/:id/payment-schedules — any member of the workspace (another workspace's job: 404). */
export async function listJobSchedules(opts: { db: Db; actor: Actor; jobId: string; now: Date }): Promise<JobPaymentSchedules> {
  const { workspaceId, job } = await ownJob(opts.db, opts.actor, opts.jobId);
  const approved = await findApprovedQuoteAmounts(opts.db, { workspaceId, jobId: job.id });
  const rows = await opts.db
    .select()
    .from(paymentSchedules)
    .where(and(eq(paymentSchedules.workspaceId, workspaceId), eq(paymentSchedules.jobId, job.id)))
    .orderBy(asc(paymentSchedules.createdAt));
  const schedules: PaymentSchedule[] = [];
  for (const s of rows) {
    const quote = approved.find((q) => q.id === s.quoteId);
    if (quote) schedules.push(await scheduleAnswer(opts.db, s, quote, opts.now));
  }
  const quotes = [];
  for (const q of approved.filter((a) => !rows.some((s) => s.quoteId === a.id))) {
    const full = await fullInvoiceOf(opts.db, q.id);
    quotes.push({ quote_id: q.id, number: q.number, title: q.title, approved_cents: q.totalCents, deposit_cents: q.depositCents, invoiced_by: full?.number ?? null });
  }
  return { schedules, quotes, can_edit: await isAdmin(opts.db, workspaceId, opts.actor) };
}

/** An approved quote of the caller's workspace, or 404 (another workspace's) / 409 (not approved). */
async function approvedQuote(db: Db | Tx, workspaceId: string, quoteId: string): Promise<ApprovedQuoteAmounts> {
  const [quote] = await findApprovedQuoteAmounts(db, { workspaceId, quoteId });
  if (quote) return quote;
  // Not approved, or not the workspace's (null: a 404 never says a quote exists elsewhere).
  if ((await findApprovedQuoteLines(db, { workspaceId, quoteId })) === 'not_approved') throw new AppError('CONFLICT', QUOTE_NOT_APPROVED_FOR_INVOICE);
  throw new AppError('NOT_FOUND', QUOTE_NOT_FOUND);
}

/**
 * PUT /api/quotes/:id/payment-schedule — makes or replaces the schedule (admins). Refused, nothing changed: a part
 * sum over the approved amount without `over_approved` ("The schedule totals $X, more than the approved $Y"); a
 * quote with a deposit whose first part is not it; an invoiced part removed or its amount changed; a quote already
 * invoiced in full.
 */
export async function saveSchedule(opts: { db: Db; actor: Actor; quoteId: string; body: Body; now: Date }): Promise<PaymentSchedule> {
  const workspaceId = requireWorkspace(opts.actor);
  if (!(await isAdmin(opts.db, workspaceId, opts.actor))) {
    await approvedQuote(opts.db, workspaceId, opts.quoteId); // another workspace's quote stays a 404
    throw new AppError('FORBIDDEN', SCHEDULE_ADMIN_ONLY);
  }
  const { body } = opts;
  return opts.db.transaction(async (tx) => {
    const quote = await approvedQuote(tx, workspaceId, opts.quoteId);
    await lockQuoteForInvoicing(tx, quote.id);
    const [current] = await tx.select().from(paymentSchedules).where(eq(paymentSchedules.quoteId, quote.id)).limit(1);
    if (!current) {
      const full = await fullInvoiceOf(tx, quote.id);
      if (full) throw new AppError('CONFLICT', SCHEDULE_QUOTE_INVOICED(full.number));
    }
    if (quote.depositCents > 0 && body.parts[0]!.kind !== 'deposit') throw fieldError('parts', SCHEDULE_DEPOSIT_FIRST(quote.depositCents));
    if (quote.depositCents === 0 && body.parts.some((p) => p.kind === 'deposit')) throw fieldError('parts', SCHEDULE_NO_DEPOSIT);
    const terms = body.parts.map((p) => ({
      kind: p.kind,
      milliPercent: p.kind === 'percent' ? toThousandths(p.percent!) : null,
      amountCents: p.kind === 'amount' ? p.amount_cents : null,
    }));
    const split = splitOf(terms, quote);
    if (split.overCents > 0 && !body.over_approved) throw fieldError('over_approved', SCHEDULE_OVER_APPROVED(split.totalCents, quote.totalCents));

    // Invoiced parts (their invoice not void) stay, with the amount they were invoiced for.
    const before = current ? await loadParts(tx, current.id) : [];
    const states = await invoiceStates(
      tx,
      before.map((p) => p.invoiceId).filter((id): id is string => id !== null),
      opts.now,
    );
    const kept = new Map(before.map((p) => [p.id, p]));
    for (const p of before) {
      const inv = p.invoiceId ? states.get(p.invoiceId) : undefined;
      if (!inv || inv.void) continue;
      const at = body.parts.findIndex((b) => b.id === p.id);
      if (at < 0 || body.parts[at]!.kind !== p.kind || split.cents[at] !== p.invoicedCents) throw new AppError('CONFLICT', SCHEDULE_PART_INVOICED(p.name, inv.number));
    }

    const values = { overApproved: split.overCents > 0 && body.over_approved, updatedBy: opts.actor.userId };
    const [schedule] = current
      ? await tx.update(paymentSchedules).set({ ...values, updatedAt: opts.now }).where(eq(paymentSchedules.id, current.id)).returning()
      : await tx.insert(paymentSchedules).values({ workspaceId, jobId: quote.jobId, quoteId: quote.id, ...values }).returning();
    await tx.delete(paymentScheduleParts).where(eq(paymentScheduleParts.scheduleId, schedule!.id));
    await tx.insert(paymentScheduleParts).values(
      body.parts.map((p, position) => {
        const old = p.id ? kept.get(p.id) : undefined;
        return {
          id: old?.id ?? crypto.randomUUID(),
          workspaceId,
          scheduleId: schedule!.id,
          position,
          kind: p.kind,
          name: p.name,
          milliPercent: terms[position]!.milliPercent,
          amountCents: terms[position]!.amountCents,
          dueTrigger: p.due_trigger,
          dueOn: p.due_trigger === 'on_date' ? p.due_on : null,
          invoiceId: old?.invoiceId ?? null,
          invoicedCents: old?.invoicedCents ?? null,
        };
      }),
    );
    return scheduleAnswer(tx, schedule!, quote, opts.now);
  });
}

/** DELETE /api/quotes/:id/payment-schedule — admins, while no part has an invoice that is not void. */
export async function removeSchedule(opts: { db: Db; actor: Actor; quoteId: string; now: Date }): Promise<{ ok: true }> {
  const workspaceId = requireWorkspace(opts.actor);
  return opts.db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(paymentSchedules)
      .where(and(eq(paymentSchedules.quoteId, opts.quoteId), eq(paymentSchedules.workspaceId, workspaceId)))
      .limit(1);
    if (!schedule) throw new AppError('NOT_FOUND', SCHEDULE_NOT_FOUND);
    if (!(await isAdmin(tx, workspaceId, opts.actor))) throw new AppError('FORBIDDEN', SCHEDULE_ADMIN_ONLY);
    await lockQuoteForInvoicing(tx, schedule.quoteId);
    const parts = await loadParts(tx, schedule.id);
    const states = await invoiceStates(
      tx,
      parts.map((p) => p.invoiceId).filter((id): id is string => id !== null),
      opts.now,
    );
    if ([...states.values()].some((s) => !s.void)) throw new AppError('CONFLICT', SCHEDULE_INVOICED_CANNOT_DELETE);
    await tx.delete(paymentSchedules).where(eq(paymentSchedules.id, schedule.id));
    return { ok: true as const };
  });
}

/** "Progress payment (2 of 3) — 40% of Q-1001": what the part's one line says it bills. */
function partLine(p: PartRow, index: number, count: number, quote: ApprovedQuoteAmounts, cents: number): string {
  const share = p.kind === 'percent' ? `${(p.milliPercent ?? 0) / 1000}%` : p.kind === 'final' ? 'the remainder' : p.kind === 'deposit' ? 'the deposit due on approval' : formatCents(cents);
  return `${p.name} (${index + 1} of ${count}) — ${share} of ${quote.number}`.slice(0, 200);
}

/**
 * POST /api/payment-schedule-parts/:id/invoice — any member: a draft invoice of the part, one line for its amount
 * (not taxable: the approved amount has the quote's tax in it already), made from the quote, due on the part's date
 * when it has one still ahead (else on receipt). The deposit part goes first when there is one, so the deposit paid
 * on approval is credited to it: the quote's first invoice (creditQuoteDeposits, in this transaction).
 */
export async function invoiceSchedulePart(opts: { db: Db; actor: Actor; partId: string; now: Date; deposits: QuoteDepositLedger }): Promise<Invoice> {
  const workspaceId = requireWorkspace(opts.actor);
  const row = await opts.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ part: paymentScheduleParts, schedule: paymentSchedules })
      .from(paymentScheduleParts)
      .innerJoin(paymentSchedules, eq(paymentSchedules.id, paymentScheduleParts.scheduleId))
      .where(and(eq(paymentScheduleParts.id, opts.partId), eq(paymentScheduleParts.workspaceId, workspaceId)))
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND', SCHEDULE_PART_NOT_FOUND);
    await lockQuoteForInvoicing(tx, found.schedule.quoteId);
    const quote = await approvedQuote(tx, workspaceId, found.schedule.quoteId);
    const parts = await loadParts(tx, found.schedule.id);
    const index = parts.findIndex((p) => p.id === opts.partId);
    const part = parts[index]!;
    const states = await invoiceStates(
      tx,
      parts.map((p) => p.invoiceId).filter((id): id is string => id !== null),
      opts.now,
    );
    const live = (p: PartRow) => {
      const s = p.invoiceId ? states.get(p.invoiceId) : undefined;
      return s && !s.void ? s : null;
    };
    const existing = live(part);
    if (existing) throw new AppError('CONFLICT', SCHEDULE_PART_HAS_INVOICE(existing.number));
    const deposit = parts.find((p) => p.kind === 'deposit');
    if (deposit && deposit.id !== part.id && !live(deposit)) throw new AppError('CONFLICT', SCHEDULE_DEPOSIT_PART_FIRST);
    const cents = splitOf(parts, quote).cents[index]!;
    if (cents <= 0) throw new AppError('CONFLICT', SCHEDULE_FINAL_EMPTY);

    const today = localDate(opts.now, await workspaceTimeZone(tx, workspaceId));
    const dated = part.dueOn !== null && part.dueOn >= today;
    const made = await insertDraft(tx, {
      workspaceId,
      jobId: found.schedule.jobId,
      actor: opts.actor,
      columns: { title: `${quote.title} — ${part.name}`.slice(0, 200), discount: null, taxRateMilliPercent: 0, paymentTerms: dated ? 'custom' : 'due_on_receipt', dueOn: dated ? part.dueOn : null, notes: '' },
      items: [{ section: null, name: partLine(part, index, parts.length, quote, cents), description: `${quote.title}: approved ${formatCents(quote.totalCents)}`, quantityMilli: 1000, unit: '', unitPriceCents: cents, taxable: false }],
      quoteId: quote.id,
    });
    await tx.update(paymentScheduleParts).set({ invoiceId: made.id, invoicedCents: cents }).where(eq(paymentScheduleParts.id, part.id));
    await creditQuoteDeposits(tx, { ledger: opts.deposits, quoteId: quote.id, now: opts.now });
    return made;
  });
  return answer(opts.db, row, opts.now);
}
