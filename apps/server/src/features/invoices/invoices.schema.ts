import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { quotes, type StoredAdjustment } from '../quotes/quotes.schema';

/** A discount as stored: the quotes' shape (amount in cents, or thousandths of a percent). */
export type { StoredAdjustment };
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * The invoices feature's tables (issue 33; docs/ARCHITECTURE.md, table ownership). Money is integer cents; totals and
 * balances are computed from the lines and the payments (contract invoices.ts, quote-money.ts), never stored.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** INV-<sequence>: INV-1001, INV-1002, … per workspace (invoices.service nextInvoiceNumber). */
    number: text().notNull(),
    sequence: integer().notNull(),
    /** Stored: draft, sent, viewed or void; paid, partly paid and overdue are derived (contract invoiceStatus). */
    status: text().$type<'draft' | 'sent' | 'viewed' | 'void'>().notNull().default('draft'),
    title: text().notNull(),
    discount: jsonb().$type<StoredAdjustment>(),
    taxRateMilliPercent: integer().notNull().default(0),
    paymentTerms: text().$type<'due_on_receipt' | 'net_15' | 'net_30' | 'custom'>().notNull().default('due_on_receipt'),
    /** The day it is due (the workspace's zone): typed for custom terms, counted from `issuedOn` for net terms when sent. */
    dueOn: date({ mode: 'string' }),
    /** The end of `dueOn` in the workspace's zone, fixed when sent: after it an unpaid invoice is overdue. */
    dueAt: timestamp({ withTimezone: true }),
    /** The day it was sent, in the workspace's zone. */
    issuedOn: date({ mode: 'string' }),
    notes: text().notNull().default(''),
    /**
     * The invoice's total as sent, computed once by the money module when it is sent (issueFields): a sent invoice never
     * changes (void and reissue), so sums over many invoices (A/R) read it instead of deriving every total from the
     * lines on each request. Null for a draft, and for invoices sent before it existed (their readers derive it).
     * Balances stay derived: this total less the payments.
     */
    totalCents: bigint({ mode: 'number' }),
    sentAt: timestamp({ withTimezone: true }),
    /** When the client's page first told the server it was shown (the view POST), once. */
    viewedAt: timestamp({ withTimezone: true }),
    /** The addresses the invoice was last sent to: overdue reminders go there. */
    sentEmail: text(),
    sentPhone: text(),
    /**
     * Overdue reminders (at most two), a job of the one runner over this row (reminders.job.ts): 'scheduled' while one
     * is due at `reminderDueAt`; 'none' when none is to come (not overdue any more, reminders off, both sent).
     */
    reminderStatus: text().$type<'none' | 'scheduled' | 'failed'>().notNull().default('none'),
    remindersSent: integer().notNull().default(0),
    reminderDueAt: timestamp({ withTimezone: true }),
    reminderAttempts: integer().notNull().default(0),
    reminderLockedUntil: timestamp({ withTimezone: true }),
    reminderError: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    /** The voided invoice this one was issued in place of (void and reissue). */
    replacesId: uuid(),
    /** The approved quote it was made from. */
    quoteId: uuid().references(() => quotes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_job_created_idx').on(t.jobId, t.createdAt.desc()),
    index('invoices_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    // The workspace's Invoices screen (invoice-lists.ts): newest first by number is invoices_workspace_sequence_idx read
    // backwards; a status filter, the overdue filter (and A/R's open invoices), and the CSV's issue days each have theirs.
    index('invoices_workspace_status_sequence_idx').on(t.workspaceId, t.status, t.sequence),
    index('invoices_workspace_open_due_idx').on(t.workspaceId, t.dueAt).where(sql`${t.status} in ('sent','viewed')`),
    index('invoices_workspace_issued_idx').on(t.workspaceId, t.issuedOn, t.sequence),
    uniqueIndex('invoices_workspace_sequence_idx').on(t.workspaceId, t.sequence),
    uniqueIndex('invoices_replaces_idx').on(t.replacesId),
    check('invoices_status_check', sql`${t.status} in ('draft','sent','viewed','void')`),
    check('invoices_reminder_status_check', sql`${t.reminderStatus} in ('none','scheduled','failed')`),
    index('invoices_reminder_due_idx').on(t.reminderDueAt).where(sql`${t.reminderStatus} = 'scheduled'`),
    check('invoices_terms_check', sql`${t.paymentTerms} in ('due_on_receipt','net_15','net_30','custom')`),
  ],
);

/** An invoice's lines, in order: the quote's line shape without options and optional lines. */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    invoiceId: ownerRef(() => invoices.id),
    workspaceId: ownerRef(() => workspaces.id),
    position: integer().notNull(),
    section: text(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Thousandths of a unit. */
    quantityMilli: integer().notNull(),
    unit: text().notNull().default(''),
    unitPriceCents: integer().notNull(),
    taxable: boolean().notNull().default(true),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * Money received on an invoice by hand, or given back: one row each, with who recorded it. Rows are never changed;
 * the invoice's paid amount is the payments less the refunds.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: ownerRef(() => invoices.id),
    workspaceId: ownerRef(() => workspaces.id),
    kind: text().$type<'payment' | 'refund'>().notNull(),
    method: text().$type<'cash' | 'check' | 'bank_transfer' | 'other'>().notNull(),
    amountCents: integer().notNull(),
    /** The day the money changed hands, as typed (the workspace's zone). */
    receivedOn: date({ mode: 'string' }).notNull(),
    checkNumber: text(),
    note: text().notNull().default(''),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Money that moved online through Stripe (the payments feature, online-payment.ts): how the client paid — they
     * recorded it themselves on Stripe's page, so it has no member in recorded_by. Null for money recorded by hand.
     */
    onlineMethod: text().$type<'card' | 'us_bank_account'>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    // The payments CSV and the payments-per-month chart: a workspace's rows by the day received.
    index('invoice_payments_workspace_received_idx').on(t.workspaceId, t.receivedOn, t.createdAt),
    check('invoice_payments_online_method_check', sql`${t.onlineMethod} in ('card','us_bank_account')`),
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_kind_check', sql`${t.kind} in ('payment','refund')`),
    check('invoice_payments_method_check', sql`${t.method} in ('cash','check','bank_transfer','other')`),
  ],
);

/**
 * Every message that carried an invoice to its client: a member's send (by text message or email; an email's PDF is
 * the document `documentId` on the job) or an overdue reminder (1 or 2). Rows are never changed.
 */
export const invoiceSends = pgTable(
  'invoice_sends',
  {
    id: id(),
    invoiceId: ownerRef(() => invoices.id),
    workspaceId: ownerRef(() => workspaces.id),
    kind: text().$type<'send' | 'reminder'>().notNull(),
    /** For a reminder: 1 or 2. */
    reminder: integer(),
    method: text().$type<'sms' | 'email'>().notNull(),
    address: text().notNull(),
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    documentId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_sends_invoice_idx').on(t.invoiceId, t.createdAt),
    check('invoice_sends_kind_check', sql`${t.kind} in ('send','reminder')`),
    check('invoice_sends_method_check', sql`${t.method} in ('sms','email')`),
  ],
);

/** A workspace's overdue reminder settings (one row once an admin saved them; none means the defaults). */
export const invoiceReminderSettings = pgTable('invoice_reminder_settings', {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull(),
  firstAfterDays: integer().notNull(),
  secondAfterDays: integer().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
