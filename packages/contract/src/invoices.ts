import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineEndpoint } from './endpoint';
import { computeTotals, type MoneyLine, type MoneyTerms, type QuoteTotals } from './quote-money';
import { QUIET_HOURS } from './time-zone';
import { AdjustmentSchema, MAX_AMOUNT_CENTS, QUOTE_AMOUNT_UNREADABLE, QuoteBodySchema, QuoteItemInputSchema, QuoteItemSchema } from './quotes';

/**
 * Invoices as records on a job (issue 33, first part): numbered INV-1001, … per workspace, with the quotes' line-item
 * shape and money module (integer cents, quote-money.ts), payment terms and a due date in the workspace's time zone,
 * manual payments and refunds. A sent invoice is never edited: it is voided and a new one issued (linked).
 * Paid, partially paid and overdue are derived from the payments and the due date; the balance is never stored.
 */

/** What is stored: a draft, a sent one (viewed once the client's page exists), or a void one. */
export const STORED_INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'void'] as const;
/** What a reader sees (invoiceStatus). */
export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'custom'] as const;
export const PaymentTermsSchema = z.enum(PAYMENT_TERMS, { error: 'Choose the payment terms' });
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = { due_on_receipt: 'Due on receipt', net_15: 'Net 15', net_30: 'Net 30', custom: 'Custom date' };
/** Days from the day the invoice is sent (in the workspace's zone) to its due date. */
export const PAYMENT_TERMS_DAYS: Record<Exclude<PaymentTerms, 'custom'>, number> = { due_on_receipt: 0, net_15: 15, net_30: 30 };

export const PAYMENT_METHODS = ['cash', 'check', 'bank_transfer', 'other'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Cash', check: 'Check', bank_transfer: 'Bank transfer', other: 'Other' };

export const MAX_INVOICE_ITEMS = 200;

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const INVOICE_NOT_DRAFT = 'Only a draft can be edited: void a sent invoice and issue a new one';
export const INVOICE_NO_ITEMS = 'Add at least one line item before sending';
export const INVOICE_DUE_DATE_REQUIRED = 'Choose the due date';
export const INVOICE_DUE_DATE_PAST = 'The due date has passed: choose a later one';
export const INVOICE_ONLY_DRAFT_DISCARDED = 'Only a draft can be discarded: void a sent invoice instead';
export const INVOICE_NOT_VOIDABLE = (status: string) => `An invoice that is ${status} cannot be voided`;
export const INVOICE_VOID_HAS_PAYMENTS = (paid: string) => `This invoice has ${paid} paid on it: refund the payments before voiding it`;
export const INVOICE_NOT_PAYABLE = (status: string) => `Payments are recorded on sent invoices only; this one is ${status}`;
export const PAYMENT_OVER_BALANCE = (balance: string) => `The payment is more than the balance due (${balance})`;
export const REFUND_OVER_PAID = (paid: string) => `A refund cannot be more than what was paid (${paid})`;
/** A refund recorded by hand gives back money recorded by hand only: money paid online goes back through Stripe. */
export const REFUND_OVER_MANUAL = (manual: string) =>
  manual === '$0.00'
    ? 'This invoice was paid online: refund it through Stripe, under Online payments'
    : `A refund recorded by hand cannot be more than what was paid by hand (${manual}); refund money paid online through Stripe, under Online payments`;
export const REFUND_ADMIN_ONLY = 'Only a workspace admin can record a refund';
export const CHECK_NUMBER_REQUIRED = 'Enter the check number';
export const PAYMENT_AMOUNT_REQUIRED = 'Enter an amount above $0.00';
export const PAYMENT_DATE_FUTURE = 'The date cannot be after today';
export const QUOTE_NOT_APPROVED_FOR_INVOICE = 'Only an approved quote can be invoiced';
export const INVOICE_NO_ADDRESS = (method: 'sms' | 'email') => (method === 'sms' ? 'This contact has no phone number to text' : 'This contact has no email address');
export const INVOICE_NOT_SENDABLE = (status: string) => `An invoice that is ${status} cannot be sent`;
export const INVOICE_LINK_INVALID = 'This invoice link is not valid. Ask the contractor to send it again.';
export const INVOICE_LINK_EXPIRED = 'This invoice link has expired. Ask the contractor to send it again.';
export const INVOICE_NO_CLIENT_LINK = (status: string) => `An invoice that is ${status} has no client link: send it first`;
export const REMINDER_SETTINGS_ADMIN_ONLY = 'Only a workspace admin can change the reminder settings';
export const INVOICE_TOTAL_NEGATIVE = 'The invoice total cannot be below $0.00';

const date = (message: string) => z.iso.date({ error: message });
const positiveMoney = z
  .number({ error: QUOTE_AMOUNT_UNREADABLE })
  .int({ error: 'Amounts are whole cents' })
  .min(1, { error: PAYMENT_AMOUNT_REQUIRED })
  .max(MAX_AMOUNT_CENTS, { error: 'Amount too large: at most $10,000,000.00' });

/** An invoice line: the quote's line shape without the choices only a quote offers (options, optional lines). */
export const InvoiceItemInputSchema = QuoteItemInputSchema.omit({ optional: true, option: true });
export type InvoiceItemInput = z.input<typeof InvoiceItemInputSchema>;
export const InvoiceItemSchema = QuoteItemSchema.omit({ optional: true, option: true });
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>;

export const InvoiceBodySchema = z
  .object({
    title: z.string().trim().min(1, { error: 'Give the invoice a title' }).max(200),
    items: z.array(InvoiceItemInputSchema).max(MAX_INVOICE_ITEMS).default([]),
    discount: AdjustmentSchema.default(null),
    tax_rate_percent: QuoteBodySchema.shape.tax_rate_percent,
    payment_terms: PaymentTermsSchema.default('due_on_receipt'),
    /** Only with custom terms: the day it is due, as the contractor typed it (the workspace's zone). */
    due_on: date('due_on must be a date (YYYY-MM-DD)').nullable().default(null),
    notes: z.string().trim().max(5000).default(''),
  })
  .refine((b) => b.payment_terms !== 'custom' || b.due_on !== null, { error: INVOICE_DUE_DATE_REQUIRED, path: ['due_on'] });
export type InvoiceBody = z.input<typeof InvoiceBodySchema>;

export const InvoicePaymentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['payment', 'refund']),
  method: PaymentMethodSchema,
  amount_cents: z.number().int(),
  received_on: z.string(),
  check_number: z.string().nullable(),
  note: z.string(),
  recorded_by: z.object({ id: z.uuid().nullable(), name: z.string() }),
  /** Paid (or refunded) online through Stripe, and how: the client recorded it on Stripe's page, no member did. */
  online_method: z.enum(['card', 'us_bank_account']).nullable(),
  created_at: z.string(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/** Who or what recorded a payment row, in words: an online payment is the client's through Stripe, never a member's. */
export function paymentByline(p: Pick<InvoicePayment, 'kind' | 'online_method' | 'recorded_by'>): string {
  if (p.online_method) return `${p.kind === 'refund' ? 'Refunded online' : 'Paid online'} (${p.online_method === 'card' ? 'card' : 'bank'})`;
  return `Recorded by ${p.recorded_by.name}`;
}

/**
 * How a payment was made, in words: money paid online through Stripe is "Online (card)" / "Online (bank)" (as the
 * payments CSV names it), not the row's stored method — a card payment is kept as 'other', which would read "Other".
 */
export function paymentMethodLabel(p: Pick<InvoicePayment, 'method' | 'online_method'>): string {
  return p.online_method ? `Online (${p.online_method === 'card' ? 'card' : 'bank'})` : PAYMENT_METHOD_LABELS[p.method];
}

/** Money recorded by hand, payments less refunds: what a refund recorded by hand may give back. */
export function manualPaidCents(payments: readonly Pick<InvoicePayment, 'kind' | 'amount_cents' | 'online_method'>[]): number {
  return paidCents(payments.filter((p) => p.online_method === null));
}

export const InvoiceTotalsSchema = z.object({
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  taxable_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Payments less refunds. */
  paid_cents: z.number().int(),
  /** total − paid, never below zero: what the client still owes (money beyond it is a credit, `invoiceCreditCents`). */
  balance_cents: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof InvoiceTotalsSchema>;

export const InvoiceSendSchema = z.object({
  id: z.uuid(),
  /** 'send': a member sent it (Send or Send Again); 'reminder': the overdue reminder job (1st or 2nd). */
  kind: z.enum(['send', 'reminder']),
  reminder: z.number().int().nullable(),
  method: z.enum(['sms', 'email']),
  address: z.string(),
  /** Who sent it; null for a reminder. */
  sent_by: z.object({ id: z.uuid().nullable(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type InvoiceSend = z.infer<typeof InvoiceSendSchema>;

const invoiceHead = {
  id: z.uuid(),
  job_id: z.uuid(),
  number: z.string(),
  status: InvoiceStatusSchema,
  title: z.string(),
  totals: InvoiceTotalsSchema,
  payment_terms: PaymentTermsSchema,
  /** The day it is due: fixed when sent (net terms count from that day); for a draft, what it would be if sent today. */
  due_on: z.string().nullable(),
  issued_on: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** When the client first opened the invoice's page (its view POST), or null. */
  viewed_at: z.string().nullable().default(null),
  voided_at: z.string().nullable(),
  /** The voided invoice this one was issued to replace, and the one that replaced this. */
  replaces: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  replaced_by: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  quote_id: z.uuid().nullable(),
  created_at: z.string(),
};

export const InvoiceSchema = z.object({
  ...invoiceHead,
  items: z.array(InvoiceItemSchema),
  discount: AdjustmentSchema,
  tax_rate_percent: z.number(),
  notes: z.string(),
  void_reason: z.string().nullable(),
  payments: z.array(InvoicePaymentSchema),
  /** Every message that carried the invoice to the client: sends by a member, and overdue reminders. Oldest first. */
  sends: z.array(InvoiceSendSchema).default([]),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceSummarySchema = z.object(invoiceHead);
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;
export const InvoiceListSchema = z.object({ invoices: z.array(InvoiceSummarySchema), total: z.number().int() });
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

export const VoidInvoiceBodySchema = z.object({
  reason: z.string().trim().max(1000).default(''),
  /** Also make a new draft with the same lines and terms, linked to the void one. */
  reissue: z.boolean().default(false),
});
export type VoidInvoiceBody = z.input<typeof VoidInvoiceBodySchema>;
export const VoidedInvoiceSchema = z.object({ invoice: InvoiceSchema, reissued: InvoiceSchema.nullable() });
export type VoidedInvoice = z.infer<typeof VoidedInvoiceSchema>;

export const PaymentBodySchema = z
  .object({
    kind: z.enum(['payment', 'refund']).default('payment'),
    method: PaymentMethodSchema,
    amount_cents: positiveMoney,
    received_on: date('Choose the date it was paid'),
    check_number: z.string().trim().max(40).default(''),
    note: z.string().trim().max(1000).default(''),
  })
  .refine((b) => b.kind !== 'payment' || b.method !== 'check' || b.check_number !== '', { error: CHECK_NUMBER_REQUIRED, path: ['check_number'] });
export type PaymentBody = z.input<typeof PaymentBodySchema>;

// ---- Sending to the client (issue 33, the sending half) -------------------------------------------------------------

export const SEND_METHOD_LABELS = { sms: 'Text message', email: 'Email' } as const;

export const SendInvoiceBodySchema = z.object({
  contact_id: z.uuid({ error: 'Choose the client contact' }),
  methods: z.array(z.enum(['sms', 'email'])).min(1, { error: 'Choose text message, email or both' }).max(2),
});
export type SendInvoiceBody = z.input<typeof SendInvoiceBodySchema>;
export const SentInvoiceSchema = z.object({ invoice: InvoiceSchema, link: z.string(), sent_to: z.array(z.object({ method: z.enum(['sms', 'email']), address: z.string() })) });
export type SentInvoice = z.infer<typeof SentInvoiceSchema>;
export const InvoiceClientLinkSchema = z.object({ link: z.string() });

/** The client's page: what the contractor sent and what was paid, no internal ids of the job or workspace. */
export const PublicInvoiceSchema = z.object({
  number: z.string(),
  title: z.string(),
  status: InvoiceStatusSchema,
  company: z.string(),
  job: z.object({ title: z.string().nullable(), client_name: z.string().nullable(), property_address: z.string().nullable() }),
  items: z.array(InvoiceItemSchema),
  discount: AdjustmentSchema,
  tax_rate_percent: z.number(),
  totals: InvoiceTotalsSchema,
  /** online_method: paid (or refunded) online through Stripe, and how — the client's page says "Online (card)", not "Other". */
  payments: z.array(
    z.object({ kind: z.enum(['payment', 'refund']), method: PaymentMethodSchema, online_method: InvoicePaymentSchema.shape.online_method.default(null), amount_cents: z.number().int(), received_on: z.string() }),
  ),
  issued_on: z.string().nullable(),
  /** The day it is due in the workspace's time zone ('YYYY-MM-DD'), and that zone. */
  due_on: z.string().nullable(),
  time_zone: z.string(),
  notes: z.string(),
  voided_at: z.string().nullable(),
  /** A voided invoice's replacement, when one was issued and sent: its own link. */
  replaced_by: z.object({ number: z.string(), link: z.string() }).nullable(),
});
export type PublicInvoice = z.infer<typeof PublicInvoiceSchema>;
export const PublicInvoiceViewedSchema = z.object({ status: InvoiceStatusSchema });

// ---- Overdue reminders (per workspace) ----------------------------------------------------------------------------

/** Reminders go out only between these local hours of the workspace's time zone: the quiet hours of every automatic message. */
export const REMINDER_QUIET_HOURS = QUIET_HOURS;
export const MAX_INVOICE_REMINDERS = 2;
export const InvoiceReminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    first_after_days: z.number({ error: 'Enter a number of days' }).int({ error: 'Enter whole days' }).min(1, { error: 'At least 1 day after the due date' }).max(90, { error: 'At most 90 days' }),
    second_after_days: z.number({ error: 'Enter a number of days' }).int({ error: 'Enter whole days' }).min(2, { error: 'At least 2 days after the due date' }).max(180, { error: 'At most 180 days' }),
  })
  .refine((s) => s.second_after_days > s.first_after_days, { error: 'The second reminder must come after the first', path: ['second_after_days'] });
export type InvoiceReminderSettings = z.infer<typeof InvoiceReminderSettingsSchema>;
export const DEFAULT_REMINDER_SETTINGS: InvoiceReminderSettings = { enabled: false, first_after_days: 3, second_after_days: 10 };

export const InvoiceFromQuoteBodySchema = z.object({ quote_id: z.uuid({ error: 'Choose the approved quote' }) });
export const DiscardedInvoiceSchema = z.object({ ok: z.literal(true) });

// ---- Money rules (pure: the server answers with them, the editor shows them while typing) -------------------------

/** An invoice's lines as money lines: every line counts (an invoice offers no options or optional lines). */
export function invoiceMoneyLines(items: readonly { id: string; quantityMilli: number; unitPriceCents: number; taxable: boolean }[]): MoneyLine[] {
  return items.map((i) => ({ id: i.id, quantityMilli: i.quantityMilli, unitPriceCents: i.unitPriceCents, taxable: i.taxable, optional: false, option: null }));
}

/** Payments less refunds, in cents. */
export function paidCents(payments: readonly { kind: 'payment' | 'refund'; amount_cents: number }[]): number {
  return payments.reduce((sum, p) => sum + (p.kind === 'payment' ? p.amount_cents : -p.amount_cents), 0);
}

/** The invoice's totals (quote-money.ts computeTotals, no deposit) with what was paid and the balance. */
export function invoiceTotals(lines: readonly MoneyLine[], terms: Omit<MoneyTerms, 'deposit'>, paid: number): InvoiceTotals {
  const t: QuoteTotals = computeTotals(lines, { ...terms, deposit: null }, { option: null, optionalIds: [] });
  // Never below zero: an online payment may arrive for more than is owed (another tab, a payment recorded by hand
  // meanwhile); the money is kept as received and the excess is the invoice's credit, not a negative balance.
  return { subtotal_cents: t.subtotal_cents, discount_cents: t.discount_cents, taxable_cents: t.taxable_cents, tax_cents: t.tax_cents, total_cents: t.total_cents, paid_cents: paid, balance_cents: Math.max(0, t.total_cents - paid) };
}

/**
 * Money received beyond what the invoice asks: paid − total, or everything paid on a void invoice (it asks nothing —
 * a client can pay one in a tab opened before it was voided). The contractor owes it back (a refund) or applies it.
 */
export function invoiceCreditCents(status: string, totals: Pick<InvoiceTotals, 'total_cents' | 'paid_cents'>): number {
  return Math.max(0, status === 'void' ? totals.paid_cents : totals.paid_cents - totals.total_cents);
}

/**
 * What a reader sees: void and draft as stored; otherwise paid (nothing owed), overdue (owed after the due day ended
 * in the workspace's zone: `dueAt`), partly paid, or as sent/viewed.
 */
export function invoiceStatus(stored: (typeof STORED_INVOICE_STATUSES)[number], totals: Pick<InvoiceTotals, 'total_cents' | 'paid_cents' | 'balance_cents'>, dueAt: Date | null, now: Date): InvoiceStatus {
  if (stored === 'void' || stored === 'draft') return stored;
  if (totals.balance_cents <= 0) return 'paid';
  if (dueAt && now > dueAt) return 'overdue';
  if (totals.paid_cents > 0) return 'partially_paid';
  return stored;
}

const tags = ['invoices'];
const JobIdParamsSchema = z.object({ id: z.uuid() });
const TokenParamsSchema = z.object({ token: z.string().max(200) });
const PaymentParamsSchema = z.object({ id: z.uuid(), paymentId: z.uuid() });

export const invoiceEndpoints = {
  listForJob: defineEndpoint({ method: 'GET', path: '/api/jobs/:id/invoices', access: 'workspace', summary: "A job's invoices, newest first, with their balances", tags, params: JobIdParamsSchema, response: InvoiceListSchema }),
  create: defineEndpoint({ method: 'POST', path: '/api/jobs/:id/invoices', access: 'workspace', summary: 'New draft invoice on a job', tags, params: JobIdParamsSchema, body: InvoiceBodySchema, status: 201, response: InvoiceSchema }),
  createFromQuote: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:id/invoices/from-quote',
    access: 'workspace',
    summary: "New draft invoice from an approved quote of the job: the approved option's lines and the optional lines the client ticked",
    tags,
    params: JobIdParamsSchema,
    body: InvoiceFromQuoteBodySchema,
    status: 201,
    response: InvoiceSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/invoices/:id', access: 'workspace', summary: 'One invoice with its lines, payments and balance', tags, params: IdParamsSchema, response: InvoiceSchema }),
  update: defineEndpoint({ method: 'PUT', path: '/api/invoices/:id', access: 'workspace', summary: 'Edit a draft invoice', tags, params: IdParamsSchema, body: InvoiceBodySchema, response: InvoiceSchema }),
  discard: defineEndpoint({ method: 'DELETE', path: '/api/invoices/:id', access: 'workspace', summary: 'Discard a draft invoice (never sent)', tags, params: IdParamsSchema, response: DiscardedInvoiceSchema }),
  markSent: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:id/mark-sent',
    access: 'workspace',
    summary: 'Mark a draft sent (handed to the client): it is issued today and its due date fixed; from then on it is never edited',
    tags,
    params: IdParamsSchema,
    response: InvoiceSchema,
  }),
  void: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:id/void',
    access: 'workspace',
    summary: 'Void a sent invoice with nothing paid on it, optionally issuing a new draft in its place (linked)',
    tags,
    params: IdParamsSchema,
    body: VoidInvoiceBodySchema,
    response: VoidedInvoiceSchema,
  }),
  recordPayment: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:id/payments',
    access: 'workspace',
    summary: 'Record a payment received by hand (cash, check, bank transfer, other) or a refund (workspace admins), never past the balance or what was paid',
    tags,
    params: IdParamsSchema,
    body: PaymentBodySchema,
    status: 201,
    response: InvoiceSchema,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:id/send',
    access: 'workspace',
    summary: "Send the invoice to the client contact by text message and/or email (the PDF attached) with its signed link: a draft becomes sent, due from today; a sent one is sent again",
    tags,
    params: IdParamsSchema,
    body: SendInvoiceBodySchema,
    response: SentInvoiceSchema,
  }),
  clientLink: defineEndpoint({ method: 'GET', path: '/api/invoices/:id/client-link', access: 'workspace', summary: "A fresh signed link to a sent invoice's client page", tags, params: IdParamsSchema, response: InvoiceClientLinkSchema }),
  reminderSettings: defineEndpoint({ method: 'GET', path: '/api/invoice-reminder-settings', access: 'workspace', summary: "The workspace's overdue reminder settings", tags, response: InvoiceReminderSettingsSchema }),
  updateReminderSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/invoice-reminder-settings',
    access: 'workspace',
    summary: "Change the workspace's overdue reminder settings (workspace admins)",
    tags,
    body: InvoiceReminderSettingsSchema,
    response: InvoiceReminderSettingsSchema,
  }),
  publicView: defineEndpoint({ method: 'GET', path: '/api/public/invoices/:token', access: 'public', summary: "The client's invoice page by its signed link (marks nothing)", tags, params: TokenParamsSchema, response: PublicInvoiceSchema }),
  publicViewed: defineEndpoint({
    method: 'POST',
    path: '/api/public/invoices/:token/viewed',
    access: 'public',
    summary: 'The client page was rendered in a browser: a sent invoice becomes viewed, once, and its author is told',
    tags,
    params: TokenParamsSchema,
    response: PublicInvoiceViewedSchema,
  }),
  publicPdf: defineEndpoint({ method: 'GET', path: '/api/public/invoices/:token/pdf', access: 'public', summary: 'The invoice as a PDF, by its signed link', tags, params: TokenParamsSchema, response: z.unknown() }),
  pdf: defineEndpoint({ method: 'GET', path: '/api/invoices/:id/pdf', access: 'workspace', summary: 'The invoice as a PDF', tags, params: IdParamsSchema, response: z.unknown() }),
  receiptPdf: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:id/payments/:paymentId/receipt',
    access: 'workspace',
    summary: 'A receipt for one payment, as a PDF',
    tags,
    params: PaymentParamsSchema,
    response: z.unknown(),
  }),
};
