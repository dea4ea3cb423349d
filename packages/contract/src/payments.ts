import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineEndpoint } from './endpoint';
import { MAX_AMOUNT_CENTS } from './quotes';

/**
 * Online payments through Stripe (issue 33, second half): the client pays an invoice's balance (or a part, when the
 * contractor allows it) or a quote's deposit on Stripe's own page (Checkout Sessions by redirect: no card or bank
 * number reaches Fieldbook, PCI SAQ A); Stripe's webhook tells the result, and a payment that succeeded becomes one
 * payment row on the invoice (its balance stays derived). Bank (ACH) payments are 'processing' until Stripe's later
 * success or failure: a failed one is never paid.
 */

export const ONLINE_PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const;
export const OnlinePaymentStatusSchema = z.enum(ONLINE_PAYMENT_STATUSES);
export type OnlinePaymentStatus = z.infer<typeof OnlinePaymentStatusSchema>;
export const ONLINE_PAYMENT_STATUS_LABELS: Record<OnlinePaymentStatus, string> = {
  pending: 'Started, not paid',
  processing: 'Processing',
  succeeded: 'Paid',
  failed: 'Failed',
  expired: 'Abandoned',
};
export const ONLINE_PAYMENT_METHOD_LABELS = { card: 'Card', us_bank_account: 'Bank (ACH)' } as const;

export const PAYMENTS_NOT_CONFIGURED = 'Online payments are off: this server has no Stripe key (STRIPE_SECRET_KEY). Clients can still pay you by hand, and you record those payments.';
export const PAY_NOTHING_DUE = 'Nothing is due on this invoice';
export const PAY_PROCESSING = 'A bank payment for this invoice is processing: it takes a few business days';
export const PAY_NOT_PAYABLE = 'This invoice cannot be paid online';
export const PAY_AMOUNT_OVER = (balance: string) => `You can pay at most ${balance}`;
export const PAY_PARTIAL_NOT_ALLOWED = 'This invoice is paid in full: partial payments are not accepted';
export const DEPOSIT_NOT_DUE = 'No deposit is due on this quote';
export const DEPOSIT_ALREADY_PAID = 'The deposit is paid';
export const STRIPE_UNREACHABLE = 'The payment service could not be reached. Try again in a minute.';
export const ONLINE_PAYMENT_NOT_FOUND = 'Online payment not found';
export const ONLINE_REFUND_OVER = (left: string) => `A refund cannot be more than what is left of this payment (${left})`;
export const ONLINE_REFUND_NOT_PAID = 'Only a paid online payment can be refunded';
export const ONLINE_REFUND_ADMIN_ONLY = 'Only a workspace admin can refund a payment';
export const PAYMENT_SETTINGS_ADMIN_ONLY = 'Only a workspace admin can change the payment settings';
export const PAYMENTS_NOT_CONNECTED = 'Online payments are off until a workspace admin connects your company’s Stripe account in Settings › Payments. Clients can still pay you by hand, and you record those payments.';
export const PAYMENTS_ONBOARDING_INCOMPLETE = 'Online payments are off until Stripe finishes setting up your account: a workspace admin continues in Settings › Payments.';
export const STRIPE_CONNECT_ADMIN_ONLY = 'Only a workspace admin can connect or disconnect Stripe';
export const STRIPE_CONNECT_NOT_CONFIGURED = 'This server has no Stripe key (STRIPE_SECRET_KEY): Stripe cannot be connected';
export const RECEIPT_NOT_FOUND = 'Receipt not found';
export const OVERPAID_CREDIT = (credit: string) => `Overpaid — credit ${credit}`;
export const ACH_FAILED_NOTICE = 'The bank payment failed: nothing was paid. You can try again.';

const amount = z
  .number({ error: 'Enter the amount' })
  .int({ error: 'Amounts are whole cents' })
  .min(100, { error: 'Pay at least $1.00' })
  .max(MAX_AMOUNT_CENTS, { error: 'Amount too large' });

export const OnlinePaymentSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(['invoice', 'deposit']),
  invoice_id: z.uuid().nullable(),
  quote_id: z.uuid().nullable(),
  amount_cents: z.number().int(),
  /** How the client paid on Stripe's page; null until they did. */
  method: z.enum(['card', 'us_bank_account']).nullable(),
  status: OnlinePaymentStatusSchema,
  refunded_cents: z.number().int(),
  failure_message: z.string().nullable(),
  /** The invoice payment row it became (succeeded only). */
  invoice_payment_id: z.uuid().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type OnlinePayment = z.infer<typeof OnlinePaymentSchema>;

/** The workspace's connected Stripe account (Stripe Connect), as Stripe's last `account.updated` told it. */
export const StripeConnectionSchema = z.object({
  account_id: z.string(),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
});
export type StripeConnection = z.infer<typeof StripeConnectionSchema>;

export const PaymentsStatusSchema = z.object({
  /** Clients are offered Pay: Stripe is configured on this server and the workspace's connected account takes charges. */
  enabled: z.boolean(),
  /** Why not, in words, when not. */
  reason: z.string().nullable(),
  allow_partial_payments: z.boolean(),
  /** STRIPE_SECRET_KEY is set: an admin can connect the workspace's Stripe account. */
  stripe_configured: z.boolean(),
  /** The workspace's connected account; null until an admin started connecting. */
  connection: StripeConnectionSchema.nullable(),
  /** The caller is one of the workspace's admins: connects or disconnects Stripe, changes the settings, refunds online. */
  can_manage: z.boolean(),
});
export type PaymentsStatus = z.infer<typeof PaymentsStatusSchema>;
export const PaymentSettingsBodySchema = z.object({ allow_partial_payments: z.boolean() });

export const InvoiceOnlinePaymentsSchema = PaymentsStatusSchema.extend({
  payments: z.array(OnlinePaymentSchema),
  /** Money received beyond what the invoice asks (all of it on a void invoice): owed back, refundable through Stripe. */
  credit_cents: z.number().int(),
});
export type InvoiceOnlinePayments = z.infer<typeof InvoiceOnlinePaymentsSchema>;

export const OnlineRefundBodySchema = z.object({ amount_cents: amount.min(1, { error: 'Enter an amount above $0.00' }) });

/** What the client's invoice page needs for its Pay button. */
export const PublicInvoicePaymentSchema = z.object({
  /** Pay is offered (Stripe configured, something due, nothing in flight). */
  available: z.boolean(),
  /** Why Pay is not offered, in words for the client (null when it is, or when there is nothing to say). */
  reason: z.string().nullable(),
  balance_cents: z.number().int(),
  /** Bank payments started and not yet settled. */
  processing_cents: z.number().int(),
  /** What Pay may charge now: the balance less what is processing. */
  payable_cents: z.number().int(),
  allow_partial: z.boolean(),
  /** The last online payment failed (a bank payment returned): the page says so. */
  last_failed: z.boolean(),
  /** The newest online payment that succeeded, its receipt a PDF at publicReceiptPdf (the thank-you links it). */
  last_receipt: z.object({ payment_id: z.uuid(), amount_cents: z.number().int() }).nullable(),
});
export type PublicInvoicePayment = z.infer<typeof PublicInvoicePaymentSchema>;

export const PublicDepositSchema = z.object({
  available: z.boolean(),
  reason: z.string().nullable(),
  deposit_cents: z.number().int(),
  status: z.enum(['none', 'unpaid', 'processing', 'paid']),
  last_failed: z.boolean(),
});
export type PublicDeposit = z.infer<typeof PublicDepositSchema>;

/**
 * The contractor's view of an approved quote's deposit paid online (issue 33): whether the client paid it — before the
 * quote's invoice exists, where it is credited — and the online payments of it (those that reached Stripe's answer).
 */
export const QuoteDepositPaymentsSchema = PublicDepositSchema.pick({ deposit_cents: true, status: true, last_failed: true }).extend({
  payments: z.array(OnlinePaymentSchema),
});
export type QuoteDepositPayments = z.infer<typeof QuoteDepositPaymentsSchema>;

/** Where to send the admin's browser: Stripe's hosted onboarding (an Account Link, used once, minutes long). */
export const StripeConnectLinkSchema = z.object({ url: z.url() });

export const CheckoutBodySchema = z.object({ amount_cents: amount.optional() });
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;
export const CheckoutSchema = z.object({ url: z.url() });

const tags = ['payments'];
const TokenParamsSchema = z.object({ token: z.string().max(200) });

export const paymentEndpoints = {
  status: defineEndpoint({ method: 'GET', path: '/api/payments/status', access: 'workspace', summary: 'Whether clients can pay online, and why not', tags, response: PaymentsStatusSchema }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/payments/settings',
    access: 'workspace',
    summary: "The workspace's payment settings (workspace admins): whether a client may pay part of an invoice online",
    tags,
    body: PaymentSettingsBodySchema,
    response: PaymentsStatusSchema,
  }),
  forInvoice: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:id/online-payments',
    access: 'workspace',
    summary: "An invoice's online payments and their state (a paid deposit of its quote is credited first)",
    tags,
    params: IdParamsSchema,
    response: InvoiceOnlinePaymentsSchema,
  }),
  forQuoteDeposit: defineEndpoint({
    method: 'GET',
    path: '/api/quotes/:id/deposit-payments',
    access: 'workspace',
    summary: "An approved quote's deposit paid online by the client, and its state (paid, processing, unpaid)",
    tags,
    params: IdParamsSchema,
    response: QuoteDepositPaymentsSchema,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/online-payments/:id/refund',
    access: 'workspace',
    summary: 'Refund (part of) an online payment through Stripe (workspace admins); recorded on the invoice',
    tags,
    params: IdParamsSchema,
    body: OnlineRefundBodySchema,
    response: OnlinePaymentSchema,
  }),
  connect: defineEndpoint({
    method: 'POST',
    path: '/api/payments/stripe-connect',
    access: 'workspace',
    summary: "Connect the company's Stripe account (workspace admins): the account is made once, then Stripe's onboarding link",
    tags,
    response: StripeConnectLinkSchema,
  }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/api/payments/stripe-connect',
    access: 'workspace',
    summary: 'Disconnect the Stripe account (workspace admins): clients are offered no Pay until one is connected again',
    tags,
    response: PaymentsStatusSchema,
  }),
  publicInvoice: defineEndpoint({
    method: 'GET',
    path: '/api/public/invoice-payments/:token',
    access: 'public',
    summary: "The client's invoice link: whether and how much they can pay online",
    tags,
    params: TokenParamsSchema,
    response: PublicInvoicePaymentSchema,
  }),
  publicInvoiceCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/public/invoice-payments/:token/checkout',
    access: 'public',
    summary: "Starts paying the invoice on Stripe's page: answers where to send the browser",
    tags,
    params: TokenParamsSchema,
    body: CheckoutBodySchema,
    response: CheckoutSchema,
  }),
  publicReceiptPdf: defineEndpoint({
    method: 'GET',
    path: '/api/public/invoice-payments/:token/receipts/:paymentId',
    access: 'public',
    summary: "The receipt PDF of one payment on the client's invoice (the receipt email links it)",
    tags,
    params: z.object({ token: z.string().max(200), paymentId: z.uuid() }),
    response: z.unknown(),
  }),
  publicDeposit: defineEndpoint({
    method: 'GET',
    path: '/api/public/quote-deposits/:token',
    access: 'public',
    summary: "The client's quote link: the deposit due on approval and whether it is paid",
    tags,
    params: TokenParamsSchema,
    response: PublicDepositSchema,
  }),
  publicDepositCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/public/quote-deposits/:token/checkout',
    access: 'public',
    summary: "Starts paying an approved quote's deposit on Stripe's page",
    tags,
    params: TokenParamsSchema,
    response: CheckoutSchema,
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    access: 'public',
    summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET; the raw body is verified): each recorded once",
    tags,
    response: z.object({ received: z.literal(true) }),
  }),
};
