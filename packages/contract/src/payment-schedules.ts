import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineEndpoint } from './endpoint';
import { InvoiceSchema } from './invoices';
import { MAX_AMOUNT_CENTS } from './quotes';
import { formatCents } from './quote-money';

/**
 * Progress invoicing (issue 33): a payment schedule on a job for one of its approved quotes — the deposit, progress
 * parts (a percentage of the approved amount or a fixed amount) and the final part (what is left) — each with a name
 * and when it is due, and each made an invoice with one click. The cents come from the one money module
 * (quote-money.ts `splitSchedule`): the parts add up to the approved amount exactly, the rounding on the final part.
 * A schedule whose parts bill more than was approved is refused unless the contractor says so (`over_approved`),
 * and then it shows.
 */

export const SCHEDULE_PART_KINDS = ['deposit', 'percent', 'amount', 'final'] as const;
export const SchedulePartKindSchema = z.enum(SCHEDULE_PART_KINDS);
export type SchedulePartKind = z.infer<typeof SchedulePartKindSchema>;

export const SCHEDULE_DUE_TRIGGERS = ['on_approval', 'on_start', 'on_milestone', 'on_completion', 'on_date'] as const;
export const ScheduleDueTriggerSchema = z.enum(SCHEDULE_DUE_TRIGGERS);
export type ScheduleDueTrigger = z.infer<typeof ScheduleDueTriggerSchema>;
export const SCHEDULE_DUE_TRIGGER_LABELS: Record<ScheduleDueTrigger, string> = {
  on_approval: 'On approval',
  on_start: 'When work starts',
  on_milestone: 'At a milestone',
  on_completion: 'On completion',
  on_date: 'On a date',
};

export const MAX_SCHEDULE_PARTS = 12;
export const SCHEDULE_NOT_FOUND = 'Payment schedule not found';
export const SCHEDULE_PART_NOT_FOUND = 'Payment schedule part not found';
export const SCHEDULE_ADMIN_ONLY = 'Only a workspace admin can change a payment schedule';
export const SCHEDULE_OVER_APPROVED = (total: number, approved: number) => `The schedule totals ${formatCents(total)}, more than the approved ${formatCents(approved)}`;
export const SCHEDULE_FINAL_LAST = 'The last part is the final payment: what is left of the approved amount';
export const SCHEDULE_DEPOSIT_FIRST = (deposit: number) => `The deposit due on approval (${formatCents(deposit)}) is the schedule's first part`;
export const SCHEDULE_NO_DEPOSIT = 'This quote has no deposit: make the first part a percentage or an amount';
export const SCHEDULE_QUOTE_INVOICED = (number: string) => `This quote was invoiced in full already (${number}): void that invoice to bill it in parts`;
export const SCHEDULE_PART_INVOICED = (name: string, number: string) => `“${name}” is invoiced already (${number}): its amount cannot change and it cannot be removed — void that invoice first`;
export const SCHEDULE_INVOICED_CANNOT_DELETE = 'Parts of this schedule are invoiced: void their invoices before removing the schedule';
export const SCHEDULE_PART_HAS_INVOICE = (number: string) => `This part is invoiced already (${number})`;
export const SCHEDULE_FINAL_EMPTY = 'Nothing is left for the final payment';
export const SCHEDULE_DEPOSIT_PART_FIRST = 'Invoice the deposit first: the deposit paid on approval is credited to the quote’s first invoice';
export const QUOTE_HAS_SCHEDULE = 'This quote has a payment schedule: invoice its parts instead';

const threeDecimals = (v: number) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;

export const SchedulePartInputSchema = z
  .object({
    /** A saved part's id keeps it (and its invoice); a new part has none. */
    id: z.uuid().optional(),
    kind: SchedulePartKindSchema,
    name: z.string().trim().min(1, { error: 'Name each part' }).max(80, { error: 'A part’s name is at most 80 characters' }),
    /** 'percent' parts: of the approved amount, above 0 and at most 100, three decimals at most. */
    percent: z
      .number({ error: 'Enter a percentage, e.g. 40' })
      .gt(0, { error: 'A percentage is above 0' })
      .max(100, { error: 'A percentage is at most 100' })
      .refine(threeDecimals, { error: 'At most three decimals' })
      .nullable()
      .default(null),
    /** 'amount' parts: whole cents above 0. */
    amount_cents: z
      .number({ error: 'Enter an amount in dollars, e.g. 1,200.50' })
      .int({ error: 'Amounts are whole cents' })
      .min(1, { error: 'An amount is above $0.00' })
      .max(MAX_AMOUNT_CENTS, { error: 'Amount too large: at most $10,000,000.00' })
      .nullable()
      .default(null),
    due_trigger: ScheduleDueTriggerSchema.default('on_completion'),
    due_on: z.iso.date({ error: 'Choose the date it is due' }).nullable().default(null),
  })
  .refine((p) => p.kind !== 'percent' || p.percent !== null, { error: 'Enter a percentage, e.g. 40', path: ['percent'] })
  .refine((p) => p.kind !== 'amount' || p.amount_cents !== null, { error: 'Enter an amount in dollars, e.g. 1,200.50', path: ['amount_cents'] })
  .refine((p) => p.due_trigger !== 'on_date' || p.due_on !== null, { error: 'Choose the date it is due', path: ['due_on'] });

export const PaymentScheduleBodySchema = z
  .object({
    parts: z.array(SchedulePartInputSchema).min(2, { error: 'A schedule has at least two parts' }).max(MAX_SCHEDULE_PARTS, { error: `At most ${MAX_SCHEDULE_PARTS} parts` }),
    /** The contractor confirms that the schedule bills more than the approved amount (shown on the schedule). */
    over_approved: z.boolean().default(false),
  })
  .refine((b) => b.parts.at(-1)?.kind === 'final' && b.parts.filter((p) => p.kind === 'final').length === 1, { error: SCHEDULE_FINAL_LAST, path: ['parts'] })
  .refine((b) => b.parts.every((p, i) => p.kind !== 'deposit' || i === 0), { error: 'The deposit is the first part', path: ['parts'] });
export type PaymentScheduleBody = z.input<typeof PaymentScheduleBodySchema>;
export type SchedulePartInput = z.input<typeof SchedulePartInputSchema>;

export const SchedulePartSchema = z.object({
  id: z.uuid(),
  kind: SchedulePartKindSchema,
  name: z.string(),
  percent: z.number().nullable(),
  amount_cents: z.number().int().nullable(),
  /** What this part bills (the split of the approved amount). */
  cents: z.number().int(),
  due_trigger: ScheduleDueTriggerSchema,
  due_on: z.string().nullable(),
  /** The invoice made of this part (a void one is not: the part may be invoiced again). */
  invoice: z.object({ id: z.uuid(), number: z.string(), status: z.string(), balance_cents: z.number().int() }).nullable(),
});
export type SchedulePart = z.infer<typeof SchedulePartSchema>;

export const PaymentScheduleSchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  quote_id: z.uuid(),
  quote_number: z.string(),
  quote_title: z.string(),
  approved_cents: z.number().int(),
  /** The deposit the approval fixed (0: none). */
  deposit_cents: z.number().int(),
  total_cents: z.number().int(),
  /** total − approved when the contractor confirmed billing more (over_approved); else 0. */
  over_cents: z.number().int(),
  over_approved: z.boolean(),
  parts: z.array(SchedulePartSchema),
  updated_at: z.string(),
});
export type PaymentSchedule = z.infer<typeof PaymentScheduleSchema>;

/** An approved quote of the job a schedule may be made for. */
export const SchedulableQuoteSchema = z.object({
  quote_id: z.uuid(),
  number: z.string(),
  title: z.string(),
  approved_cents: z.number().int(),
  deposit_cents: z.number().int(),
  /** Invoiced in full already (a non-void invoice made from it without a schedule): no schedule can be made. */
  invoiced_by: z.string().nullable(),
});

export const JobPaymentSchedulesSchema = z.object({
  schedules: z.array(PaymentScheduleSchema),
  /** The job's approved quotes without a schedule. */
  quotes: z.array(SchedulableQuoteSchema),
  /** The caller may change schedules (a workspace admin); any member may view them and invoice a part. */
  can_edit: z.boolean(),
});
export type JobPaymentSchedules = z.infer<typeof JobPaymentSchedulesSchema>;

const tags = ['invoices'];

export const paymentScheduleEndpoints = {
  listForJob: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:id/payment-schedules',
    access: 'workspace',
    summary: "A job's payment schedules (one per approved quote that has one) and the approved quotes without one",
    tags,
    params: IdParamsSchema,
    response: JobPaymentSchedulesSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/quotes/:id/payment-schedule',
    access: 'workspace',
    summary: "Make or change an approved quote's payment schedule (workspace admins); invoiced parts keep their amounts",
    tags,
    params: IdParamsSchema,
    body: PaymentScheduleBodySchema,
    response: PaymentScheduleSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/quotes/:id/payment-schedule',
    access: 'workspace',
    summary: "Remove an approved quote's payment schedule while none of its parts is invoiced (workspace admins)",
    tags,
    params: IdParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  invoicePart: defineEndpoint({
    method: 'POST',
    path: '/api/payment-schedule-parts/:id/invoice',
    access: 'workspace',
    summary: 'Make a draft invoice of one part of a payment schedule (the deposit paid on approval is credited to the first)',
    tags,
    params: IdParamsSchema,
    status: 201,
    response: InvoiceSchema,
  }),
};
