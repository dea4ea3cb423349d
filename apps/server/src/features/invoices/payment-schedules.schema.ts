import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { quotes } from '../quotes/quotes.schema';
import { workspaces } from '../workspaces/workspaces.schema';
import { invoices } from './invoices.schema';

/**
 * Progress invoicing (issue 33), the invoices feature's tables beside invoices.schema.ts: one payment schedule per
 * approved quote, and its parts in order. A part keeps its terms (a percentage in thousandths, or cents), never its
 * computed amount: that is split from the approved amount every time (quote-money.ts splitSchedule), so the parts
 * always add up to it. `invoiced_cents` is what the part's invoice billed, kept so a later change cannot move it.
 */
export const paymentSchedules = pgTable(
  'payment_schedules',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    quoteId: ownerRef(() => quotes.id),
    /** The contractor confirmed that the parts bill more than the approved amount. */
    overApproved: boolean().notNull().default(false),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payment_schedules_quote_idx').on(t.quoteId), index('payment_schedules_job_idx').on(t.workspaceId, t.jobId)],
);

export const paymentScheduleParts = pgTable(
  'payment_schedule_parts',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    scheduleId: ownerRef(() => paymentSchedules.id),
    position: smallint().notNull(),
    kind: text().$type<'deposit' | 'percent' | 'amount' | 'final'>().notNull(),
    name: text().notNull(),
    milliPercent: integer(),
    amountCents: integer(),
    dueTrigger: text().$type<'on_approval' | 'on_start' | 'on_milestone' | 'on_completion' | 'on_date'>().notNull(),
    dueOn: date({ mode: 'string' }),
    /** The invoice made of this part (a void one frees the part); null until made. */
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    invoicedCents: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_schedule_parts_schedule_idx').on(t.scheduleId, t.position),
    index('payment_schedule_parts_invoice_idx').on(t.invoiceId),
    check('payment_schedule_parts_kind_check', sql`${t.kind} in ('deposit','percent','amount','final')`),
    check(
      'payment_schedule_parts_terms_check',
      sql`(${t.kind} = 'percent' and ${t.milliPercent} between 1 and 100000) or (${t.kind} = 'amount' and ${t.amountCents} > 0) or ${t.kind} in ('deposit','final')`,
    ),
  ],
);
