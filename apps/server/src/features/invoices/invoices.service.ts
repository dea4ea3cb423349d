import {
  endOfLocalDay,
  formatCents,
  INVOICE_DUE_DATE_PAST,
  INVOICE_NO_ITEMS,
  INVOICE_NOT_DRAFT,
  INVOICE_NOT_FOUND,
  INVOICE_NOT_PAYABLE,
  INVOICE_NOT_VOIDABLE,
  INVOICE_ONLY_DRAFT_DISCARDED,
  INVOICE_VOID_HAS_PAYMENTS,
  invoiceMoneyLines,
  invoiceStatus,
  invoiceTotals,
  lineTotalCents,
  localDate,
  PAYMENT_DATE_FUTURE,
  PAYMENT_OVER_BALANCE,
  PAYMENT_TERMS_DAYS,
  paidCents,
  REFUND_ADMIN_ONLY,
  REFUND_OVER_MANUAL,
  REFUND_OVER_PAID,
  manualPaidCents,
  toThousandths,
  type Invoice,
  type InvoiceBodySchema,
  type InvoicePayment,
  type InvoiceSummary,
  type PaymentBodySchema,
  type QuoteAdjustment,
  type VoidInvoiceBodySchema,
} from '@fieldbook/contract';
import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { profileDisplayNames } from '../profiles';
import { workspaceAdminIds, workspaceTimeZone } from '../workspaces';
import { invoiceItems, invoicePayments, invoices, invoiceSends, type StoredAdjustment } from './invoices.schema';
import { nextWorkspaceNumber } from '../../platform/workspace-numbers';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type SendRow = typeof invoiceSends.$inferSelect;
type Body = z.output<typeof InvoiceBodySchema>;
type Link = { id: string; number: string } | null;

const DAY_MS = 86_400_000;

const toStoredAdjustment = (a: QuoteAdjustment): StoredAdjustment =>
  !a ? null : a.type === 'amount' ? { type: 'amount', cents: a.cents } : { type: 'percent', milliPercent: toThousandths(a.percent) };
const toAdjustment = (a: StoredAdjustment | null): QuoteAdjustment =>
  !a ? null : a.type === 'amount' ? { type: 'amount', cents: a.cents } : { type: 'percent', percent: a.milliPercent / 1000 };

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The due day: the stored one once sent (or typed, custom terms); for a draft on net terms, as if it were sent today. */
export function dueOnOf(row: Pick<InvoiceRow, 'status' | 'paymentTerms' | 'dueOn'>, today: string): string | null {
  if (row.status !== 'draft' || row.paymentTerms === 'custom') return row.dueOn;
  return addDays(today, PAYMENT_TERMS_DAYS[row.paymentTerms]);
}

/** Totals with the payments (payments less refunds) and the balance: computed every time, never stored. */
export function totalsOf(row: InvoiceRow, items: readonly InvoiceItemRow[], payments: readonly PaymentRow[]) {
  const paid = paidCents(payments.map((p) => ({ kind: p.kind, amount_cents: p.amountCents })));
  return invoiceTotals(invoiceMoneyLines(items), { discount: row.discount ?? null, taxRateMilliPercent: row.taxRateMilliPercent }, paid);
}

type Parts = { items: InvoiceItemRow[]; payments: PaymentRow[]; sends?: SendRow[]; names: Map<string, string>; replaces: Link; replacedBy: Link; today: string; now: Date };

function toSummary(row: InvoiceRow, p: Parts): InvoiceSummary {
  const totals = totalsOf(row, p.items, p.payments);
  return {
    id: row.id,
    job_id: row.jobId,
    number: row.number,
    status: invoiceStatus(row.status, totals, row.dueAt, p.now),
    title: row.title,
    totals,
    payment_terms: row.paymentTerms,
    due_on: dueOnOf(row, p.today),
    issued_on: row.issuedOn,
    sent_at: row.sentAt?.toISOString() ?? null,
    viewed_at: row.viewedAt?.toISOString() ?? null,
    voided_at: row.voidedAt?.toISOString() ?? null,
    replaces: p.replaces,
    replaced_by: p.replacedBy,
    quote_id: row.quoteId,
    created_at: row.createdAt.toISOString(),
  };
}

function toPayment(p: PaymentRow, names: Map<string, string>): InvoicePayment {
  return {
    id: p.id,
    kind: p.kind,
    method: p.method,
    amount_cents: p.amountCents,
    received_on: p.receivedOn,
    check_number: p.checkNumber,
    note: p.note,
    recorded_by: { id: p.recordedBy, name: (p.recordedBy && names.get(p.recordedBy)) || 'A former member' },
    online_method: p.onlineMethod,
    created_at: p.createdAt.toISOString(),
  };
}

export function toInvoice(row: InvoiceRow, p: Parts): Invoice {
  return {
    ...toSummary(row, p),
    items: p.items.map((i) => ({
      id: i.id,
      section: i.section,
      name: i.name,
      description: i.description,
      quantity: i.quantityMilli / 1000,
      unit: i.unit,
      unit_price_cents: i.unitPriceCents,
      line_total_cents: lineTotalCents(i),
      taxable: i.taxable,
    })),
    discount: toAdjustment(row.discount),
    tax_rate_percent: row.taxRateMilliPercent / 1000,
    notes: row.notes,
    void_reason: row.voidReason,
    payments: p.payments.map((pay) => toPayment(pay, p.names)),
    sends: (p.sends ?? []).map((x) => ({
      id: x.id,
      kind: x.kind,
      reminder: x.reminder,
      method: x.method,
      address: x.address,
      sent_by: x.kind === 'reminder' ? null : { id: x.sentBy, name: (x.sentBy && p.names.get(x.sentBy)) || 'A former member' },
      created_at: x.createdAt.toISOString(),
    })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's workspace's invoice, or 404 (another workspace's is not found, design.md §4). */
export async function findOwnInvoice(db: Db | Tx, actor: Actor, id: string, lock = false): Promise<InvoiceRow> {
  const workspaceId = requireWorkspace(actor);
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.workspaceId, workspaceId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', INVOICE_NOT_FOUND);
  return row;
}

export async function loadItems(db: Db | Tx, invoiceId: string): Promise<InvoiceItemRow[]> {
  return db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.position));
}
export async function loadPayments(db: Db | Tx, invoiceId: string): Promise<PaymentRow[]> {
  return db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
}

async function today(db: Db | Tx, workspaceId: string, now: Date): Promise<string> {
  return localDate(now, await workspaceTimeZone(db, workspaceId));
}

/** Everything one invoice's answer needs, read one statement after the other (a write's answer may be inside its transaction). */
export async function invoiceParts(db: Db | Tx, row: InvoiceRow, now: Date): Promise<Parts> {
  const items = await loadItems(db, row.id);
  const payments = await loadPayments(db, row.id);
  const sends = await db.select().from(invoiceSends).where(eq(invoiceSends.invoiceId, row.id)).orderBy(asc(invoiceSends.createdAt), asc(invoiceSends.id));
  const linked = await db
    .select({ id: invoices.id, number: invoices.number, replacesId: invoices.replacesId })
    .from(invoices)
    .where(and(eq(invoices.workspaceId, row.workspaceId), or(eq(invoices.replacesId, row.id), row.replacesId ? eq(invoices.id, row.replacesId) : sql`false`)));
  const replacedBy = linked.find((l) => l.replacesId === row.id);
  const replaces = linked.find((l) => l.id === row.replacesId);
  const people = [...payments.map((p) => p.recordedBy), ...sends.map((x) => x.sentBy)];
  const names = await profileDisplayNames(db, [...new Set(people.filter((id): id is string => Boolean(id)))]);
  return {
    items,
    payments,
    sends,
    names,
    replaces: replaces ? { id: replaces.id, number: replaces.number } : null,
    replacedBy: replacedBy ? { id: replacedBy.id, number: replacedBy.number } : null,
    today: await today(db, row.workspaceId, now),
    now,
  };
}

export async function answer(db: Db | Tx, row: InvoiceRow, now: Date): Promise<Invoice> {
  return toInvoice(row, await invoiceParts(db, row, now));
}

function invoiceColumns(body: Body) {
  return {
    title: body.title,
    discount: toStoredAdjustment(body.discount),
    taxRateMilliPercent: toThousandths(body.tax_rate_percent),
    paymentTerms: body.payment_terms,
    // A net term's day is counted when the invoice is sent; only a custom one is kept from the form.
    dueOn: body.payment_terms === 'custom' ? body.due_on : null,
    notes: body.notes,
  };
}

export type ItemValues = Omit<typeof invoiceItems.$inferInsert, 'invoiceId' | 'workspaceId' | 'position'>;
const itemValues = (items: Body['items']): ItemValues[] =>
  items.map((i) => ({
    section: i.section || null,
    name: i.name,
    description: i.description,
    quantityMilli: toThousandths(i.quantity),
    unit: i.unit,
    unitPriceCents: i.unit_price_cents,
    taxable: i.taxable,
  }));

/** Replaces an invoice's lines (new ids: a line's identity matters to nothing on an invoice). */
async function writeItems(tx: Tx, invoiceId: string, workspaceId: string, items: readonly ItemValues[]) {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (items.length === 0) return;
  await tx.insert(invoiceItems).values(items.map((i, position) => ({ ...i, id: crypto.randomUUID(), invoiceId, workspaceId, position })));
}

/** INV-1001, INV-1002, … per workspace (quotes' Q-1001 is the same series kind). */
const nextInvoiceNumber = (tx: Tx, workspaceId: string) =>
  nextWorkspaceNumber(tx, { prefix: 'INV', table: invoices, workspaceColumn: invoices.workspaceId, sequenceColumn: invoices.sequence }, workspaceId);

export async function ownJob(db: Db, actor: Actor, jobId: string) {
  const workspaceId = requireWorkspace(actor);
  const job = await findJobRecord(db, { workspaceId, jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  return { workspaceId, job };
}

export async function insertDraft(
  tx: Tx,
  o: { workspaceId: string; jobId: string; actor: Actor; columns: ReturnType<typeof invoiceColumns>; items: readonly ItemValues[]; quoteId?: string | null; replacesId?: string | null },
): Promise<InvoiceRow> {
  const id = crypto.randomUUID();
  const [inserted] = await tx
    .insert(invoices)
    .values({ id, workspaceId: o.workspaceId, jobId: o.jobId, createdBy: o.actor.userId, ...(await nextInvoiceNumber(tx, o.workspaceId)), ...o.columns, quoteId: o.quoteId ?? null, replacesId: o.replacesId ?? null })
    .returning();
  await writeItems(tx, id, o.workspaceId, o.items);
  return inserted!;
}

export async function createInvoice(opts: { db: Db; actor: Actor; jobId: string; body: Body; now: Date }): Promise<Invoice> {
  const { workspaceId, job } = await ownJob(opts.db, opts.actor, opts.jobId);
  const row = await opts.db.transaction((tx) => insertDraft(tx, { workspaceId, jobId: job.id, actor: opts.actor, columns: invoiceColumns(opts.body), items: itemValues(opts.body.items) }));
  return answer(opts.db, row, opts.now);
}

export async function updateInvoice(opts: { db: Db; actor: Actor; id: string; body: Body; now: Date }): Promise<Invoice> {
  const row = await opts.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, opts.actor, opts.id, true);
    if (current.status !== 'draft') throw new AppError('CONFLICT', INVOICE_NOT_DRAFT);
    const [updated] = await tx.update(invoices).set(invoiceColumns(opts.body)).where(eq(invoices.id, current.id)).returning();
    await writeItems(tx, current.id, current.workspaceId, itemValues(opts.body.items));
    return updated!;
  });
  return answer(opts.db, row, opts.now);
}

export async function getInvoice(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Invoice> {
  return answer(opts.db, await findOwnInvoice(opts.db, opts.actor, opts.id), opts.now);
}

/** A job's invoices, newest first, each with its balance (one statement each for the lines and payments of all). */
export async function listJobInvoices(opts: { db: Db; actor: Actor; jobId: string; now: Date }) {
  const { workspaceId, job } = await ownJob(opts.db, opts.actor, opts.jobId);
  const rows = await opts.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.jobId, job.id)))
    .orderBy(desc(invoices.createdAt), desc(invoices.sequence));
  const ids = rows.map((r) => r.id);
  const [items, payments, day] = await Promise.all([
    // In line order, as loadItems: a discount's leftover cents go to the earlier of equal lines (the money module).
    ids.length ? opts.db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, ids)).orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position)) : Promise.resolve([]),
    ids.length ? opts.db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)) : Promise.resolve([]),
    today(opts.db, workspaceId, opts.now),
  ]);
  const link = (r: InvoiceRow | undefined): Link => (r ? { id: r.id, number: r.number } : null);
  return {
    invoices: rows.map((r) =>
      toSummary(r, {
        items: items.filter((i) => i.invoiceId === r.id),
        payments: payments.filter((p) => p.invoiceId === r.id),
        names: new Map(),
        replaces: link(rows.find((o) => o.id === r.replacesId)),
        replacedBy: link(rows.find((o) => o.replacesId === r.id)),
        today: day,
        now: opts.now,
      }),
    ),
    total: rows.length,
  };
}

/** Discards a draft never sent, with its lines (they cascade). Nothing else refers to a draft. */
export async function discardInvoice(opts: { db: Db; actor: Actor; id: string }): Promise<{ ok: true }> {
  return opts.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, opts.actor, opts.id, true);
    if (current.status !== 'draft') throw new AppError('CONFLICT', INVOICE_ONLY_DRAFT_DISCARDED);
    await tx.delete(invoices).where(and(eq(invoices.id, current.id), eq(invoices.status, 'draft')));
    return { ok: true as const };
  });
}

/**
 * What sending a draft writes: issued today in the workspace's zone, due that day plus the net days (or on the custom
 * day, which must not have passed), overdue after the due day ends in that zone. Refused (400) without lines or with a
 * due day in the past. From then on the invoice is never edited, so its total is kept (`total_cents`).
 */
export async function issueFields(db: Db | Tx, current: InvoiceRow, now: Date) {
  const items = await loadItems(db, current.id);
  if (items.length === 0) throw fieldError('items', INVOICE_NO_ITEMS);
  const zone = await workspaceTimeZone(db, current.workspaceId);
  const issuedOn = localDate(now, zone);
  const dueOn = dueOnOf(current, issuedOn);
  if (!dueOn || dueOn < issuedOn) throw fieldError('due_on', INVOICE_DUE_DATE_PAST);
  // The total as sent, kept on the row for sums over many invoices (A/R): from here on the lines never change.
  const totalCents = totalsOf(current, items, []).total_cents;
  return { status: 'sent' as const, issuedOn, dueOn, dueAt: endOfLocalDay(dueOn, zone), sentAt: now, totalCents };
}

/** Marks a draft sent without sending anything (handed over on paper): see issueFields. Send (invoice-sending.ts) also mails it. */
export async function markInvoiceSent(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Invoice> {
  const row = await opts.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, opts.actor, opts.id, true);
    if (current.status !== 'draft') throw new AppError('CONFLICT', `An invoice that is ${current.status} was sent already`);
    const [updated] = await tx
      .update(invoices)
      .set(await issueFields(tx, current, opts.now))
      .where(and(eq(invoices.id, current.id), eq(invoices.status, 'draft')))
      .returning();
    return updated!;
  });
  return answer(opts.db, row, opts.now);
}

/**
 * Voids a sent invoice — only with nothing paid on it (money received stays on the invoice it was paid against:
 * refund it first) — and, when asked, issues a new draft in its place with the same lines and terms, linked both ways.
 */
export async function voidInvoice(opts: { db: Db; actor: Actor; id: string; body: z.output<typeof VoidInvoiceBodySchema>; now: Date }) {
  const { voided, reissued } = await opts.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, opts.actor, opts.id, true);
    if (current.status !== 'sent' && current.status !== 'viewed') {
      throw new AppError('CONFLICT', current.status === 'draft' ? 'A draft is not voided: discard it or edit it' : INVOICE_NOT_VOIDABLE(current.status));
    }
    const payments = await loadPayments(tx, current.id);
    const paid = paidCents(payments.map((p) => ({ kind: p.kind, amount_cents: p.amountCents })));
    if (paid > 0) throw new AppError('CONFLICT', INVOICE_VOID_HAS_PAYMENTS(formatCents(paid)));
    const [v] = await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: opts.now, voidReason: opts.body.reason || null })
      .where(eq(invoices.id, current.id))
      .returning();
    let copy: InvoiceRow | null = null;
    if (opts.body.reissue) {
      const items = await loadItems(tx, current.id);
      copy = await insertDraft(tx, {
        workspaceId: current.workspaceId,
        jobId: current.jobId,
        actor: opts.actor,
        columns: { title: current.title, discount: current.discount, taxRateMilliPercent: current.taxRateMilliPercent, paymentTerms: current.paymentTerms, dueOn: current.paymentTerms === 'custom' ? current.dueOn : null, notes: current.notes },
        items: items.map(({ id: _id, invoiceId: _i, workspaceId: _w, position: _p, ...i }) => i),
        quoteId: current.quoteId,
        replacesId: current.id,
      });
    }
    return { voided: v!, reissued: copy };
  });
  return { invoice: await answer(opts.db, voided, opts.now), reissued: reissued ? await answer(opts.db, reissued, opts.now) : null };
}

/**
 * Records money received by hand, or a refund, as a row with who recorded it. Under the invoice's row lock, so two at
 * once are checked one after the other: a payment never exceeds the balance, a refund never exceeds what was paid.
 * Refunds are for the workspace's admins (its owner or a system admin); any member records a payment.
 */
export async function recordPayment(opts: { db: Db; actor: Actor; id: string; body: z.output<typeof PaymentBodySchema>; now: Date }): Promise<Invoice> {
  const { body } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const current = await findOwnInvoice(tx, opts.actor, opts.id, true);
    if (body.kind === 'refund' && !(await workspaceAdminIds(tx, current.workspaceId)).includes(opts.actor.userId)) throw new AppError('FORBIDDEN', REFUND_ADMIN_ONLY);
    if (current.status !== 'sent' && current.status !== 'viewed') throw new AppError('CONFLICT', INVOICE_NOT_PAYABLE(current.status));
    if (body.received_on > (await today(tx, current.workspaceId, opts.now))) throw fieldError('received_on', PAYMENT_DATE_FUTURE);
    const totals = totalsOf(current, await loadItems(tx, current.id), await loadPayments(tx, current.id));
    if (body.kind === 'payment' && body.amount_cents > totals.balance_cents) throw fieldError('amount_cents', PAYMENT_OVER_BALANCE(formatCents(totals.balance_cents)));
    if (body.kind === 'refund' && body.amount_cents > totals.paid_cents) throw fieldError('amount_cents', REFUND_OVER_PAID(formatCents(totals.paid_cents)));
    // Money paid online goes back through Stripe (the payments feature's refund): a refund typed here would say the
    // client got money back that Stripe never returned.
    const manual = manualPaidCents((await loadPayments(tx, current.id)).map((p) => ({ kind: p.kind, amount_cents: p.amountCents, online_method: p.onlineMethod })));
    if (body.kind === 'refund' && body.amount_cents > manual) throw fieldError('amount_cents', REFUND_OVER_MANUAL(formatCents(Math.max(0, manual))));
    await tx.insert(invoicePayments).values({
      invoiceId: current.id,
      workspaceId: current.workspaceId,
      kind: body.kind,
      method: body.method,
      amountCents: body.amount_cents,
      receivedOn: body.received_on,
      checkNumber: body.method === 'check' && body.check_number ? body.check_number : null,
      note: body.note,
      recordedBy: opts.actor.userId,
    });
    if (body.kind === 'refund') await wakeOverdueReminders(tx, current.id, opts.now);
    return current;
  });
  return answer(opts.db, row, opts.now);
}

/**
 * A refund (by hand, or through Stripe: online-payment.ts) may reopen a balance a payment had closed: the reminder job
 * looks at the invoice again (reminders.ts), and sends what is due if it is again unpaid past its due day.
 */
export async function wakeOverdueReminders(tx: Tx, invoiceId: string, now: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ reminderStatus: 'scheduled', reminderDueAt: now, reminderAttempts: 0, reminderError: null })
    .where(and(eq(invoices.id, invoiceId), ne(invoices.reminderStatus, 'scheduled'), lt(invoices.remindersSent, 2), or(isNotNull(invoices.sentEmail), isNotNull(invoices.sentPhone))));
}
