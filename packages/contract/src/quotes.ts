import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Quotes (issue 27): priced line items in sections, optional items, up to three option packages, sent to the
 * job's client by a signed link the homeowner opens, approves and signs without an account. Money is integer cents
 * and every total comes from the server (quote-money.ts).
 */

export const QUOTE_STATUSES = ['draft', 'sent', 'viewed', 'approved', 'declined', 'expired', 'superseded', 'withdrawn'] as const;
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

export const MAX_QUOTE_OPTIONS = 3;
export const MAX_QUOTE_ITEMS = 200;
/** The signature image: a PNG data URL up to this many characters (~150 kB of PNG). */
export const MAX_SIGNATURE_CHARS = 200_000;

export const QUOTE_NOT_FOUND = 'Quote not found';
export const QUOTE_SIGNED_PDF_EXISTS = 'The signed PDF is on the job already';
export const QUOTE_NOT_DRAFT = 'Only a draft can be edited: make a new revision of a sent quote';
export const QUOTE_LINK_INVALID = 'This quote link is not valid. Ask the contractor to send it again.';
export const QUOTE_LINK_EXPIRED = 'This quote has expired. Ask the contractor for a new one.';
export const QUOTE_ALREADY_APPROVED = 'This quote was already approved.';
export const QUOTE_ALREADY_DECLINED = 'This quote was declined.';
export const QUOTE_SUPERSEDED = 'This quote was replaced by a newer version.';
/**
 * Revisions, withdrawal and revocable links (issue 32 item 7). A withdrawn quote's link opens nothing any more (410)
 * and refuses a decision (409) with this text; a superseded one links the newer version only when that was sent.
 */
export const QUOTE_WITHDRAWN = (company: string) => `This quote was withdrawn by ${company}. Contact them for an updated quote.`;
export const QUOTE_REPLACED_UNAVAILABLE = (company: string) => `This quote is no longer available. Contact ${company} for an updated quote.`;
export const QUOTE_DRAFT_REVISION_EXISTS = 'This quote already has a draft revision: open it to edit, send or discard it';
export const QUOTE_NOT_LATEST_REVISION = 'A newer revision of this quote exists: revise that one';
export const QUOTE_REVISION_SOURCE_APPROVED = 'An earlier revision of this quote was approved meanwhile, so this revision cannot be sent: discard it';
export const QUOTE_ONLY_DRAFT_DISCARDED = 'Only a draft can be discarded: withdraw a sent quote instead';
export const QUOTE_NOT_WITHDRAWABLE = (status: string) => `A quote that is ${status} cannot be withdrawn: only a sent or viewed one`;
export const QUOTE_CHANGED = 'This quote changed since you opened it. Reload the page and review it again.';
export const QUOTE_OPTION_REQUIRED = 'Choose one of the options';
export const QUOTE_CONSENT_REQUIRED = 'Tick the box to agree to sign electronically';
export const QUOTE_NAME_REQUIRED = 'Type your full name';
export const QUOTE_SIGNATURE_REQUIRED = 'Draw your signature';
/**
 * The largest signature image taken, in pixels: the pad is 720 × 160 CSS pixels at most (the page's width), drawn at
 * the device's pixel ratio — 2,880 × 640 at a ratio of 4. A bigger one is refused before anything decodes it.
 */
export const MAX_SIGNATURE_WIDTH = 3000;
export const MAX_SIGNATURE_HEIGHT = 1000;
export const QUOTE_SIGNATURE_BLANK = 'The signature is empty: draw your signature';
export const QUOTE_SIGNATURE_UNREADABLE = 'The signature image could not be read: clear it and draw your signature again';
export const QUOTE_SIGNATURE_TOO_LARGE = (width: number, height: number) =>
  `The signature image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; at most ${MAX_SIGNATURE_WIDTH.toLocaleString('en-US')} × ${MAX_SIGNATURE_HEIGHT.toLocaleString('en-US')} are taken`;
export const QUOTE_NO_ITEMS = 'Add at least one line item before sending';
export const QUOTE_NO_ADDRESS = (method: 'sms' | 'email') => (method === 'sms' ? 'The contact has no phone number' : 'The contact has no email address');

/**
 * The largest amount a line's price or a fixed discount/deposit may be: $10,000,000.00. The columns that keep a price
 * are PostgreSQL integers (at most 2,147,483,647 cents); the contract allowed $100,000,000.00, so a price between the
 * two passed validation and failed in the database with a 5xx (issue 32 item 6).
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000;
/** What a field that is not a number says (the form sends what it cannot read as NaN, which no schema takes). */
export const QUOTE_AMOUNT_UNREADABLE = 'Enter an amount in dollars, e.g. 1,200.50';
export const QUOTE_QUANTITY_UNREADABLE = 'Enter the quantity as a number, e.g. 2 or 1.5';
export const QUOTE_PERCENT_UNREADABLE = 'Enter a percentage, e.g. 8.25';
const money = z
  .number({ error: QUOTE_AMOUNT_UNREADABLE })
  .int({ error: 'Amounts are whole cents' })
  .min(0, { error: 'Amounts cannot be negative' })
  .max(MAX_AMOUNT_CENTS, { error: 'Amount too large: at most $10,000,000.00' });
const threeDecimals = (v: number) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;
const percent = z.number({ error: QUOTE_PERCENT_UNREADABLE }).min(0, { error: 'A percentage cannot be negative' }).max(100, { error: 'A percentage is at most 100' }).refine(threeDecimals, { error: 'At most three decimals' });

export const AdjustmentSchema = z
  .discriminatedUnion('type', [z.object({ type: z.literal('amount'), cents: money }), z.object({ type: z.literal('percent'), percent })])
  .nullable();
export type QuoteAdjustment = z.infer<typeof AdjustmentSchema>;

export const QuoteItemInputSchema = z.object({
  /** A client-made id keeps a line's identity across edits (optional items are chosen by it); new lines may omit it. */
  id: z.uuid().optional(),
  section: z.string().trim().max(80).nullable().default(null),
  name: z.string().trim().min(1, { error: 'Each line needs a name' }).max(200),
  description: z.string().trim().max(2000).default(''),
  quantity: z.number({ error: QUOTE_QUANTITY_UNREADABLE }).min(0, { error: 'Quantity cannot be negative' }).max(100_000, { error: 'Quantity too large' }).refine(threeDecimals, { error: 'At most three decimals' }),
  unit: z.string().trim().max(20).default(''),
  unit_price_cents: money,
  taxable: z.boolean().default(true),
  optional: z.boolean().default(false),
  /** null: in every option; 0–2: only in that option package. */
  option: z.number().int().min(0).max(MAX_QUOTE_OPTIONS - 1).nullable().default(null),
});
export type QuoteItemInput = z.input<typeof QuoteItemInputSchema>;

export const QuoteOptionSchema = z.object({ name: z.string().trim().min(1, { error: 'Name each option' }).max(60), description: z.string().trim().max(500).default('') });

export const QuoteBodySchema = z
  .object({
    title: z.string().trim().min(1, { error: 'Give the quote a title' }).max(200),
    items: z.array(QuoteItemInputSchema).max(MAX_QUOTE_ITEMS).default([]),
    options: z.array(QuoteOptionSchema).max(MAX_QUOTE_OPTIONS, { error: 'At most three options' }).default([]),
    discount: AdjustmentSchema.default(null),
    tax_rate_percent: percent.default(0),
    deposit: AdjustmentSchema.default(null),
    expires_on: z.iso.date({ error: 'expires_on must be a date (YYYY-MM-DD)' }),
    notes: z.string().trim().max(5000).default(''),
    terms: z.string().trim().max(10000).default(''),
  })
  .refine((b) => b.items.every((i) => i.option === null || i.option < b.options.length), { error: 'A line belongs to an option that does not exist', path: ['items'] });
export type QuoteBody = z.input<typeof QuoteBodySchema>;

export const QuoteTotalsSchema = z.object({
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  taxable_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  deposit_cents: z.number().int(),
  balance_cents: z.number().int(),
});
export type QuoteTotalsOut = z.infer<typeof QuoteTotalsSchema>;

export const QuoteItemSchema = z.object({
  id: z.uuid(),
  section: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  taxable: z.boolean(),
  optional: z.boolean(),
  option: z.number().int().nullable(),
});
export type QuoteItem = z.infer<typeof QuoteItemSchema>;

export const QuoteApprovalSchema = z.object({
  signer_name: z.string(),
  option: z.number().int().nullable(),
  optional_item_ids: z.array(z.uuid()),
  totals: QuoteTotalsSchema,
  approved_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  fingerprint: z.string(),
  document_id: z.uuid().nullable(),
  /**
   * The signed PDF: being made ('pending'), stored ('done': document_id names it), given up ('failed'), or stored and
   * then deleted from the job ('deleted') — the last two may be made again (remakeSignedPdf).
   */
  pdf_status: z.enum(['pending', 'done', 'failed', 'deleted']),
  /** How the client approved: signed on the page, or marked approved by hand (issue 32 item 9); absent means signed. */
  method: z.enum(['signature', 'verbal', 'paper', 'other']).optional(),
  /** The note of an approval marked by hand. */
  note: z.string().nullable().optional(),
});

/** How a client approved a quote outside its page, as the contractor records it (Mark Approved). */
export const MANUAL_APPROVAL_METHODS = ['verbal', 'paper', 'other'] as const;
export const MANUAL_APPROVAL_METHOD_LABELS: Record<(typeof MANUAL_APPROVAL_METHODS)[number], string> = { verbal: 'Verbal', paper: 'Paper', other: 'Other' };
export const QUOTE_APPROVED_BY_REQUIRED = 'Enter who approved the quote';
export const QUOTE_NOT_MARKABLE = (status: string) => `A quote that is ${status} cannot be marked approved: only a sent quote the client has not decided`;

/** POST /api/quotes/:id/mark-approved: the client approved outside the page (verbal, paper, other), recorded by hand. */
export const MarkQuoteApprovedBodySchema = z.object({
  option: z.number().int().min(0).max(MAX_QUOTE_OPTIONS - 1).nullable(),
  optional_item_ids: z.array(z.uuid()).max(MAX_QUOTE_ITEMS).default([]),
  approved_by: z.string().trim().min(2, { error: QUOTE_APPROVED_BY_REQUIRED }).max(120),
  method: z.enum(MANUAL_APPROVAL_METHODS, { error: 'Choose how the client approved' }),
  note: z.string().trim().max(1000).default(''),
});
export type MarkQuoteApprovedBody = z.input<typeof MarkQuoteApprovedBodySchema>;

/** What both sides show: the quote's content and its totals per option (and with no optional item ticked). */
const quoteContent = {
  id: z.uuid(),
  number: z.string(),
  revision: z.number().int(),
  status: QuoteStatusSchema,
  title: z.string(),
  items: z.array(QuoteItemSchema),
  options: z.array(z.object({ name: z.string(), description: z.string(), totals: QuoteTotalsSchema })),
  /** The totals with no option package (a quote without options) or the first one, no optional item ticked. */
  totals: QuoteTotalsSchema,
  discount: AdjustmentSchema,
  tax_rate_percent: z.number(),
  deposit: AdjustmentSchema,
  expires_on: z.string(),
  notes: z.string(),
  terms: z.string(),
};

export const QuoteSchema = z.object({
  ...quoteContent,
  job_id: z.uuid(),
  /** The first time this revision was sent; `sent_at` is the last (Send Again), both kept for the audit trail. */
  first_sent_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** When the contractor withdrew it (status 'withdrawn': its link no longer opens it). */
  withdrawn_at: z.string().nullable(),
  superseded_by: z.uuid().nullable(),
  /** The family's draft revision, while one exists (this quote stays live until that one is sent). */
  draft_revision_id: z.uuid().nullable(),
  approval: QuoteApprovalSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteSummarySchema = QuoteSchema.pick({ id: true, number: true, revision: true, status: true, title: true, totals: true, expires_on: true, first_sent_at: true, sent_at: true, decided_at: true, created_at: true, job_id: true }).extend({
  approved_total_cents: z.number().int().nullable(),
});
export const QuoteListSchema = z.object({ quotes: z.array(QuoteSummarySchema), total: z.number().int() });
export type QuoteList = z.infer<typeof QuoteListSchema>;

/** DELETE /api/quotes/:id: the draft is gone; the family's live revision (null for a first draft) is what remains. */
export const DiscardedQuoteSchema = z.object({ ok: z.literal(true), live_quote_id: z.uuid().nullable() });
export type DiscardedQuote = z.infer<typeof DiscardedQuoteSchema>;

export const SendQuoteBodySchema = z.object({
  contact_id: z.uuid({ error: 'Choose the client contact' }),
  methods: z.array(z.enum(['sms', 'email'])).min(1, { error: 'Choose SMS, email or both' }).max(2),
});
export const SentQuoteSchema = z.object({ quote: QuoteSchema, link: z.string(), sent_to: z.array(z.object({ method: z.enum(['sms', 'email']), address: z.string() })) });
export type SentQuote = z.infer<typeof SentQuoteSchema>;

/** POST /api/quotes/:id/duplicate: a new draft with the same options, items and terms on a job of the workspace. */
export const DuplicateQuoteBodySchema = z.object({ job_id: z.uuid({ error: 'Choose the job' }) });
export type DuplicateQuoteBody = z.input<typeof DuplicateQuoteBodySchema>;
/** How long a duplicate is valid, from the day it is made (the source's date may be long past). */
export const DUPLICATE_QUOTE_VALID_DAYS = 30;

export const QUOTE_NO_PRINT = (status: string) => `A quote that is ${status} has no unsigned PDF to print`;

/** GET /api/quotes/:id/client-link: a fresh signed link to the sent quote (valid until it expires), to copy. */
export const QuoteClientLinkSchema = z.object({ link: z.string(), expires_on: z.string() });
export type QuoteClientLink = z.infer<typeof QuoteClientLinkSchema>;
export const QUOTE_NO_CLIENT_LINK = (status: string) => `A quote that is ${status} has no client link: only a sent quote can be opened by the client`;

export const PriceBookQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const PriceBookSchema = z.object({
  items: z.array(z.object({ name: z.string(), description: z.string(), unit: z.string(), unit_price_cents: z.number().int(), taxable: z.boolean(), used: z.number().int() })),
});
export type PriceBook = z.infer<typeof PriceBookSchema>;

const JobIdParamsSchema = z.object({ id: z.uuid() });
const TokenParamsSchema = z.object({ token: z.string().max(200) });

/** The homeowner's page: what the contractor sent, no internal ids of the job or workspace. */
export const PublicQuoteSchema = z.object({
  ...quoteContent,
  company: z.string(),
  job: z.object({ title: z.string().nullable(), client_name: z.string().nullable(), property_address: z.string().nullable() }),
  /** SHA-256 of the content shown (approval must send it back: a changed quote is refused). */
  content_fingerprint: z.string(),
  decided_at: z.string().nullable(),
  approval: QuoteApprovalSchema.pick({ signer_name: true, option: true, optional_item_ids: true, totals: true, approved_at: true, fingerprint: true }).nullable(),
  /**
   * A superseded quote: the newest revision's link, only while that one was sent to the client (sent, viewed or
   * approved) — never a draft's, a withdrawn or an expired one's.
   */
  replaced_by_link: z.string().nullable(),
  /** An approved quote whose signed PDF is stored: the link downloads it (publicSignedPdf). */
  signed_pdf_ready: z.boolean(),
  /**
   * The workspace's deposit step as it applies now (issue 33): 'required' only while the client can pay online. The
   * default keeps an answer without it (an older server's) at what the page did before the setting: offered.
   */
  deposit_step: z.enum(['none', 'offered', 'required']).default('offered'),
  /** The workspace's IANA zone: the page reads its dates and times in it, as the client hub does (absent: an older server's answer, the reader's zone). */
  time_zone: z.string().optional(),
});
export type PublicQuote = z.infer<typeof PublicQuoteSchema>;

export const ApproveQuoteBodySchema = z.object({
  signer_name: z.string().trim().min(2, { error: QUOTE_NAME_REQUIRED }).max(120),
  signature_png: z
    .string()
    .max(MAX_SIGNATURE_CHARS, { error: 'The signature image is too large' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: QUOTE_SIGNATURE_REQUIRED }),
  consent: z.literal(true, { error: QUOTE_CONSENT_REQUIRED }),
  option: z.number().int().min(0).max(MAX_QUOTE_OPTIONS - 1).nullable(),
  optional_item_ids: z.array(z.uuid()).max(MAX_QUOTE_ITEMS).default([]),
  content_fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
});
/** POST /api/public/quotes/:token/viewed: the quote's status after the page was shown. */
export const PublicQuoteViewedSchema = z.object({ status: QuoteStatusSchema });
export const QUOTE_SIGNED_PDF_NOT_READY = 'The signed PDF is not ready yet. Try again in a minute.';

export type ApproveQuoteBody = z.input<typeof ApproveQuoteBodySchema>;
/**
 * The approval's answer: the approved page and, when the workspace requires the deposit on approval and the client
 * can pay online, Stripe's page for the deposit (the browser goes there at once). null: nothing to pay now, or Stripe
 * could not be reached — the page then offers Pay deposit itself (the quote is approved either way).
 */
export const ApprovedQuoteSchema = PublicQuoteSchema.extend({ deposit_checkout_url: z.string().nullable().default(null) });
export type ApprovedQuote = z.infer<typeof ApprovedQuoteSchema>;

/**
 * Deposit on approval (issue 33), a workspace setting: no deposit step (the quote's deposit is only a line of text),
 * offered (after approving, the client's page offers Pay deposit) or required (the approval button reads "Approve and
 * pay deposit" and signing leads straight to Stripe's page for the deposit).
 */
export const DEPOSIT_MODES = ['none', 'offered', 'required'] as const;
export const DepositModeSchema = z.enum(DEPOSIT_MODES);
export type DepositMode = z.infer<typeof DepositModeSchema>;
export const DEPOSIT_MODE_LABELS: Record<DepositMode, string> = { none: 'No deposit step', offered: 'Deposit offered', required: 'Deposit required' };
export const DEPOSIT_MODE_DESCRIPTIONS: Record<DepositMode, string> = {
  none: 'The quote shows its deposit; the client is not asked to pay it online.',
  offered: 'After approving, the client’s page offers Pay deposit.',
  required: 'The client’s button reads “Approve and pay deposit”: signing leads straight to paying the deposit online.',
};
export const APPROVE_AND_PAY_DEPOSIT = 'Approve and pay deposit';
export const QUOTE_SETTINGS_ADMIN_ONLY = 'Only a workspace admin can change the quote settings';
/** Why the chosen deposit step is not what clients get: online payments are off for the workspace. */
export const DEPOSIT_STEP_OFF = (mode: DepositMode, reason: string | null) =>
  `${DEPOSIT_MODE_LABELS[mode]} is not in effect: online payments are off for this workspace, so clients approve without paying the deposit online — collect it and record it on the invoice by hand.${reason ? ` ${reason}` : ''}`;

export const QuoteSettingsSchema = z.object({
  deposit_mode: DepositModeSchema,
  /** What clients get now: the chosen mode, or 'none' while online payments are off for the workspace. */
  effective_deposit_mode: DepositModeSchema,
  online_payments_enabled: z.boolean(),
  /** Why effective_deposit_mode differs from deposit_mode, in words for the contractor; null when it does not. */
  notice: z.string().nullable(),
  /** The caller may change the settings (a workspace admin). */
  can_edit: z.boolean(),
});
export type QuoteSettings = z.infer<typeof QuoteSettingsSchema>;
export const QuoteSettingsBodySchema = z.object({ deposit_mode: DepositModeSchema });
export type QuoteSettingsBody = z.input<typeof QuoteSettingsBodySchema>;
export const DeclineQuoteBodySchema = z.object({ reason: z.string().trim().max(1000).default('') });

const tags = ['quotes'];

export const quoteEndpoints = {
  listForJob: defineEndpoint({ method: 'GET', path: '/api/jobs/:id/quotes', access: 'workspace', summary: "A job's quotes, newest first", tags, params: JobIdParamsSchema, response: QuoteListSchema }),
  create: defineEndpoint({ method: 'POST', path: '/api/jobs/:id/quotes', access: 'workspace', summary: 'New draft quote on a job', tags, params: JobIdParamsSchema, body: QuoteBodySchema, status: 201, response: QuoteSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/quotes/:id', access: 'workspace', summary: 'One quote with its items, totals and approval', tags, params: IdParamsSchema, response: QuoteSchema }),
  update: defineEndpoint({ method: 'PUT', path: '/api/quotes/:id', access: 'workspace', summary: 'Edit a draft quote', tags, params: IdParamsSchema, body: QuoteBodySchema, response: QuoteSchema }),
  send: defineEndpoint({ method: 'POST', path: '/api/quotes/:id/send', access: 'workspace', summary: "Send the quote's signed link by SMS and/or email to the client contact", tags, params: IdParamsSchema, body: SendQuoteBodySchema, response: SentQuoteSchema }),
  revise: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/:id/revise',
    access: 'workspace',
    summary: 'New draft revision of a sent, declined or withdrawn quote (one per family); the sent one stays live until the revision is sent',
    tags,
    params: IdParamsSchema,
    status: 201,
    response: QuoteSchema,
  }),
  discard: defineEndpoint({
    method: 'DELETE',
    path: '/api/quotes/:id',
    access: 'workspace',
    summary: 'Discard a draft (a draft revision or a first draft never sent) with its items; nothing else is deleted',
    tags,
    params: IdParamsSchema,
    response: DiscardedQuoteSchema,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/:id/withdraw',
    access: 'workspace',
    summary: "Withdraw a sent or viewed quote: its link stops showing it and it can no longer be approved or declined",
    tags,
    params: IdParamsSchema,
    response: QuoteSchema,
  }),
  remakeSignedPdf: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/:id/signed-pdf',
    access: 'workspace',
    summary: 'Make the signed PDF of an approved quote again (its document was deleted, or making it failed)',
    tags,
    params: IdParamsSchema,
    response: QuoteSchema,
  }),
  markApproved: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/:id/mark-approved',
    access: 'workspace',
    summary: 'Record that the client approved a sent quote outside its page (verbal, paper, other), with who and a note; no signature',
    tags,
    params: IdParamsSchema,
    body: MarkQuoteApprovedBodySchema,
    response: QuoteSchema,
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/api/quotes/:id/duplicate',
    access: 'workspace',
    summary: "Duplicate a quote onto a job of the workspace: a new draft (new number, revision 1) with the same options, items and terms",
    tags,
    params: IdParamsSchema,
    body: DuplicateQuoteBodySchema,
    status: 201,
    response: QuoteSchema,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/:id/preview',
    access: 'workspace',
    summary: "The client's page of a quote as the client would see it (a draft too), for Preview as Client: no link, nothing marked viewed",
    tags,
    params: IdParamsSchema,
    response: PublicQuoteSchema,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/:id/pdf',
    access: 'workspace',
    summary: 'The quote as a PDF to print, marked "Not signed" (a draft, sent or viewed quote; an approved one has its signed PDF)',
    tags,
    params: IdParamsSchema,
    response: z.unknown(),
  }),
  clientLink: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/:id/client-link',
    access: 'workspace',
    summary: "A fresh signed link to a sent or viewed quote's client page, to copy (the same link Send gives)",
    tags,
    params: IdParamsSchema,
    response: QuoteClientLinkSchema,
  }),
  settings: defineEndpoint({ method: 'GET', path: '/api/quote-settings', access: 'workspace', summary: "The workspace's quote settings: the deposit step on approval", tags, response: QuoteSettingsSchema }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/quote-settings',
    access: 'workspace',
    summary: "Change the workspace's deposit step on approval (workspace admins)",
    tags,
    body: QuoteSettingsBodySchema,
    response: QuoteSettingsSchema,
  }),
  priceBook: defineEndpoint({ method: 'GET', path: '/api/quote-items/suggestions', access: 'workspace', summary: "Items used in the workspace's earlier quotes, most used first", tags, query: PriceBookQuerySchema, response: PriceBookSchema }),
  publicView: defineEndpoint({
    method: 'GET',
    path: '/api/public/quotes/:token',
    access: 'public',
    summary: 'The homeowner opens a sent quote by its signed link (an approved or declined one also after the link expired); marks nothing',
    tags,
    params: TokenParamsSchema,
    response: PublicQuoteSchema,
  }),
  publicViewed: defineEndpoint({
    method: 'POST',
    path: '/api/public/quotes/:token/viewed',
    access: 'public',
    summary: "The homeowner's browser rendered the page: a sent quote becomes viewed (once; a link preview or mail scanner only GETs)",
    tags,
    params: TokenParamsSchema,
    response: PublicQuoteViewedSchema,
  }),
  publicSignedPdf: defineEndpoint({
    method: 'GET',
    path: '/api/public/quotes/:token/signed-pdf',
    access: 'public',
    summary: 'The signed PDF of an approved quote, by its link (also after the link expired)',
    tags,
    params: TokenParamsSchema,
    response: z.unknown(),
  }),
  publicApprove: defineEndpoint({
    method: 'POST',
    path: '/api/public/quotes/:token/approve',
    access: 'public',
    summary: "The homeowner approves and signs (locks the quote); with the deposit required, also answers Stripe's page for it",
    tags,
    params: TokenParamsSchema,
    body: ApproveQuoteBodySchema,
    response: ApprovedQuoteSchema,
  }),
  publicDecline: defineEndpoint({ method: 'POST', path: '/api/public/quotes/:token/decline', access: 'public', summary: 'The homeowner declines, with an optional reason', tags, params: TokenParamsSchema, body: DeclineQuoteBodySchema, response: PublicQuoteSchema }),
};
