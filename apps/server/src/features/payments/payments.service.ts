import {
  DEPOSIT_ALREADY_PAID,
  DEPOSIT_NOT_DUE,
  INVOICE_NOT_FOUND,
  ONLINE_PAYMENT_NOT_FOUND,
  ONLINE_REFUND_ADMIN_ONLY,
  ONLINE_REFUND_NOT_PAID,
  ONLINE_REFUND_OVER,
  PAY_AMOUNT_OVER,
  PAY_NOT_PAYABLE,
  PAY_NOTHING_DUE,
  PAY_PARTIAL_NOT_ALLOWED,
  PAY_PROCESSING,
  PAYMENT_SETTINGS_ADMIN_ONLY,
  QUOTE_NOT_FOUND,
  RECEIPT_NOT_FOUND,
  STRIPE_UNREACHABLE,
  formatCents,
  type InvoiceOnlinePayments,
  type OnlinePayment,
  type PaymentsStatus,
  type PublicDeposit,
  type PublicInvoicePayment,
  type QuoteDepositPayments,
} from '@fieldbook/contract';
import { createHash } from 'node:crypto';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { StripeConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { INVOICE_LINKS, readClientLink } from '../../platform/client-links';
import type { TokenSigner } from '../../platform/tokens';
import { findPayableInvoice, invoiceReceiptPdf, recordOnlinePayment, type PayableInvoice } from '../invoices';
import { findQuoteDeposit, findQuoteDepositByLink, type QuoteDeposit } from '../quotes';
import { workspaceAdminIds } from '../workspaces';
import { onlinePayments, onlineRefunds, paymentSettings } from './payments.schema';
import { stripeClient, type Stripe } from './stripe-client';
import { chargeableAccount, paymentsStatus, settingsRow } from './stripe-connect';

export { paymentsStatus };

export type OnlinePaymentRow = typeof onlinePayments.$inferSelect;
export type PublicPayDeps = { db: Db; signer: TokenSigner; publicUrl: string; stripe: StripeConfig | null; now: Date };

export const INVOICE_LINK_INVALID = 'This invoice link is not valid';
export const INVOICE_LINK_EXPIRED = 'This invoice link has expired: ask the contractor for a new one';
export const QUOTE_LINK_NOT_VALID = 'This quote link is not valid';

export function toOnlinePayment(r: OnlinePaymentRow): OnlinePayment {
  return {
    id: r.id,
    purpose: r.purpose,
    invoice_id: r.invoiceId,
    quote_id: r.quoteId,
    amount_cents: r.amountCents,
    method: r.method,
    status: r.status,
    refunded_cents: r.refundedCents,
    failure_message: r.failureMessage,
    invoice_payment_id: r.invoicePaymentId,
    paid_at: r.paidAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

// ---- Settings -----------------------------------------------------------------------------------------------------

const allowsPartial = async (db: Db | Tx, workspaceId: string) => (await settingsRow(db, workspaceId))?.allowPartialPayments ?? false;

export async function updatePaymentSettings(opts: { db: Db; stripe: StripeConfig | null; actor: Actor; allowPartial: boolean }): Promise<PaymentsStatus> {
  const workspaceId = requireWorkspace(opts.actor);
  if (!(await workspaceAdminIds(opts.db, workspaceId)).includes(opts.actor.userId)) throw new AppError('FORBIDDEN', PAYMENT_SETTINGS_ADMIN_ONLY);
  await opts.db
    .insert(paymentSettings)
    .values({ workspaceId, allowPartialPayments: opts.allowPartial })
    .onConflictDoUpdate({ target: paymentSettings.workspaceId, set: { allowPartialPayments: opts.allowPartial, updatedAt: new Date() } });
  return paymentsStatus(opts.db, opts.stripe, workspaceId, opts.actor.userId);
}

// ---- The contractor's view -----------------------------------------------------------------------------------------

export async function invoiceOnlinePayments(opts: { db: Db; stripe: StripeConfig | null; actor: Actor; invoiceId: string; now: Date }): Promise<InvoiceOnlinePayments> {
  const workspaceId = requireWorkspace(opts.actor);
  const invoice = await findPayableInvoice(opts.db, opts.invoiceId, { workspaceId });
  if (!invoice) throw new AppError('NOT_FOUND', INVOICE_NOT_FOUND);
  const rows = await opts.db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.workspaceId, workspaceId), eq(onlinePayments.invoiceId, invoice.id)))
    .orderBy(desc(onlinePayments.createdAt));
  // Sessions opened and left are noise to the contractor: shown only once something happened at Stripe.
  const shown = rows.filter((r) => r.status !== 'pending' && r.status !== 'expired');
  return { ...(await paymentsStatus(opts.db, opts.stripe, workspaceId, opts.actor.userId)), payments: shown.map(toOnlinePayment), credit_cents: invoice.creditCents };
}

// ---- The client's invoice page -------------------------------------------------------------------------------------

/** The invoice a client's link opens (the client side's one home, platform/client-links.ts: INVOICE_LINKS). */
async function invoiceOfLink(deps: PublicPayDeps, token: string): Promise<PayableInvoice> {
  const read = readClientLink(deps.signer, INVOICE_LINKS, token, deps.now);
  if (read === null) throw new AppError('NOT_FOUND', INVOICE_LINK_INVALID);
  if (read === 'expired') throw new AppError('GONE', INVOICE_LINK_EXPIRED);
  const invoice = await findPayableInvoice(deps.db, read);
  if (!invoice || invoice.status === 'draft') throw new AppError('NOT_FOUND', INVOICE_LINK_INVALID);
  return invoice;
}

async function inFlight(db: Db | Tx, where: SQL | undefined) {
  const rows = await db.select().from(onlinePayments).where(where).orderBy(desc(onlinePayments.createdAt));
  const processing = rows.filter((r) => r.status === 'processing').reduce((s, r) => s + r.amountCents, 0);
  const settled = rows.find((r) => r.status === 'succeeded' || r.status === 'failed' || r.status === 'processing');
  const paid = rows.find((r) => r.status === 'succeeded' && r.purpose === 'invoice' && r.invoicePaymentId !== null);
  return { rows, processing, lastFailed: settled?.status === 'failed', lastReceipt: paid ? { payment_id: paid.invoicePaymentId!, amount_cents: paid.amountCents } : null };
}

/** `account`: the workspace's connected Stripe account that takes charges, or null (Stripe not configured or not connected). */
function invoicePayState(account: string | null, invoice: PayableInvoice, allowPartial: boolean, flight: Awaited<ReturnType<typeof inFlight>>): PublicInvoicePayment {
  const balance = invoice.totals.balance_cents;
  const payable = Math.max(0, balance - flight.processing);
  const open = invoice.status === 'sent' || invoice.status === 'viewed';
  let reason: string | null = null;
  if (!open) reason = PAY_NOT_PAYABLE;
  else if (balance <= 0) reason = null;
  else if (payable <= 0) reason = PAY_PROCESSING;
  return {
    available: account !== null && open && payable > 0,
    reason: account ? reason : null,
    balance_cents: balance,
    processing_cents: flight.processing,
    payable_cents: payable,
    allow_partial: allowPartial,
    last_failed: flight.lastFailed,
    last_receipt: flight.lastReceipt,
  };
}

export async function publicInvoicePayment(deps: PublicPayDeps, token: string): Promise<PublicInvoicePayment> {
  const invoice = await invoiceOfLink(deps, token);
  const account = await chargeableAccount(deps.db, deps.stripe, invoice.workspaceId);
  return invoicePayState(account, invoice, await allowsPartial(deps.db, invoice.workspaceId), await inFlight(deps.db, eq(onlinePayments.invoiceId, invoice.id)));
}

/** GET …/invoice-payments/:token/receipts/:paymentId — a payment's receipt PDF by the client's link (the receipt email's link). */
export async function publicReceiptPdf(deps: PublicPayDeps, token: string, paymentId: string): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await invoiceOfLink(deps, token);
  const receipt = await invoiceReceiptPdf(deps.db, invoice.id, paymentId, deps.now);
  if (!receipt) throw new AppError('NOT_FOUND', RECEIPT_NOT_FOUND);
  return receipt;
}

function stripeDown(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError('UNAVAILABLE', STRIPE_UNREACHABLE);
}

/** How many of the subject's sessions ended (expired, failed, paid): a new Pay after one of them needs a new key. */
const endedCount = (rows: readonly OnlinePaymentRow[]) => rows.filter((r) => r.status !== 'pending' && r.status !== 'processing').length;

async function openSession(
  deps: PublicPayDeps & { stripe: StripeConfig },
  o: { workspaceId: string; account: string; purpose: 'invoice' | 'deposit'; invoiceId: string | null; quoteId: string | null; amountCents: number; name: string; returnUrl: string; idempotencyKey: string },
): Promise<{ url: string }> {
  const metadata = { fieldbook_purpose: o.purpose, fieldbook_workspace_id: o.workspaceId, fieldbook_invoice_id: o.invoiceId ?? '', fieldbook_quote_id: o.quoteId ?? '' };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(deps.stripe).checkout.sessions.create(
      {
        mode: 'payment',
        allowed_payment_method_types: ['card', 'us_bank_account'],
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: o.amountCents, product_data: { name: o.name } } }],
        success_url: `${o.returnUrl}?payment=done`,
        cancel_url: `${o.returnUrl}?payment=cancelled`,
        client_reference_id: o.invoiceId ?? o.quoteId ?? undefined,
        metadata,
        payment_intent_data: { metadata },
      },
      // On the workspace's connected account (Stripe Connect: the Stripe-Account header), never the platform's. The same
      // click twice (or the package's own retry) gets the same session: never two charges for one Pay. The return URL
      // (its link) and the account are in the key too: Stripe refuses a key sent again with other parameters.
      // A person is waiting on this (Pay, or "Approve and pay deposit"): 8 s a try, not the client's 20 s, so a Stripe
      // that hangs answers "try again" within ~25 s (3 tries) instead of a minute.
      { stripeAccount: o.account, timeout: 8_000, idempotencyKey: `${o.idempotencyKey}-${createHash('sha256').update(`${o.account} ${o.returnUrl}`).digest('hex').slice(0, 16)}` },
    );
  } catch (err) {
    throw stripeDown(err);
  }
  if (!session.url) throw new AppError('UNAVAILABLE', STRIPE_UNREACHABLE);
  await deps.db
    .insert(onlinePayments)
    .values({ workspaceId: o.workspaceId, purpose: o.purpose, invoiceId: o.invoiceId, quoteId: o.quoteId, amountCents: o.amountCents, checkoutSessionId: session.id, stripeAccountId: o.account })
    .onConflictDoNothing({ target: onlinePayments.checkoutSessionId });
  await expireOthers(deps.stripe, deps.db, o.invoiceId ? eq(onlinePayments.invoiceId, o.invoiceId) : eq(onlinePayments.quoteId, o.quoteId!), session.id);
  return { url: session.url };
}

/**
 * The subject's other sessions still open at Stripe (an older amount, another tab, another link) are expired there, so
 * only the newest Pay can take money — an old page left open cannot pay an amount that is no longer due. Best effort:
 * Stripe's checkout.session.expired marks each row; a session paid meanwhile is recorded as paid all the same.
 */
async function expireOthers(stripe: StripeConfig, db: Db, subject: SQL, keep: string): Promise<void> {
  const open = await db.select({ session: onlinePayments.checkoutSessionId, account: onlinePayments.stripeAccountId }).from(onlinePayments).where(and(subject, eq(onlinePayments.status, 'pending')));
  for (const { session, account } of open) {
    if (session === keep) continue;
    await stripeClient(stripe)
      .checkout.sessions.expire(session, {}, account ? { stripeAccount: account } : {})
      .catch(() => undefined);
  }
}

export async function startInvoiceCheckout(deps: PublicPayDeps, token: string, amount: number | undefined): Promise<{ url: string }> {
  const invoice = await invoiceOfLink(deps, token);
  const account = await chargeableAccount(deps.db, deps.stripe, invoice.workspaceId);
  if (!deps.stripe || !account) throw new AppError('CONFLICT', PAY_NOT_PAYABLE);
  const allowPartial = await allowsPartial(deps.db, invoice.workspaceId);
  const flight = await inFlight(deps.db, eq(onlinePayments.invoiceId, invoice.id));
  const state = invoicePayState(account, invoice, allowPartial, flight);
  if (!state.available) throw new AppError('CONFLICT', state.reason ?? PAY_NOTHING_DUE);
  const cents = amount ?? state.payable_cents;
  if (cents > state.payable_cents) throw fieldError('amount_cents', PAY_AMOUNT_OVER(formatCents(state.payable_cents)));
  if (cents < state.payable_cents && !allowPartial) throw fieldError('amount_cents', PAY_PARTIAL_NOT_ALLOWED);
  return openSession({ ...deps, stripe: deps.stripe }, {
    workspaceId: invoice.workspaceId,
    account,
    purpose: 'invoice',
    invoiceId: invoice.id,
    quoteId: null,
    amountCents: cents,
    name: `Invoice ${invoice.number}: ${invoice.title}`,
    returnUrl: `${deps.publicUrl}/i/${token}`,
    idempotencyKey: `fieldbook-invoice-${invoice.id}-${cents}-${invoice.totals.paid_cents}-${endedCount(flight.rows)}`,
  });
}

// ---- The client's quote page: the deposit --------------------------------------------------------------------------

async function depositOfLink(deps: PublicPayDeps, token: string): Promise<QuoteDeposit> {
  const quote = await findQuoteDepositByLink(deps.db, deps.signer, token, deps.now);
  if (!quote) throw new AppError('NOT_FOUND', QUOTE_LINK_NOT_VALID);
  return quote;
}

function depositState(account: string | null, quote: QuoteDeposit, flight: Awaited<ReturnType<typeof inFlight>>): PublicDeposit {
  const paid = flight.rows.some((r) => r.status === 'succeeded');
  const processing = flight.processing > 0;
  const status: PublicDeposit['status'] = quote.depositCents === 0 ? 'none' : paid ? 'paid' : processing ? 'processing' : 'unpaid';
  return {
    available: account !== null && quote.status === 'approved' && status === 'unpaid',
    reason: status === 'processing' ? PAY_PROCESSING.replace('this invoice', 'this deposit') : null,
    deposit_cents: quote.depositCents,
    status,
    last_failed: flight.lastFailed,
  };
}

export async function publicDeposit(deps: PublicPayDeps, token: string): Promise<PublicDeposit> {
  const quote = await depositOfLink(deps, token);
  const account = await chargeableAccount(deps.db, deps.stripe, quote.workspaceId);
  return depositState(account, quote, await inFlight(deps.db, and(eq(onlinePayments.quoteId, quote.id), eq(onlinePayments.purpose, 'deposit'))));
}

export async function startDepositCheckout(deps: PublicPayDeps, token: string): Promise<{ url: string }> {
  const quote = await depositOfLink(deps, token);
  const account = await chargeableAccount(deps.db, deps.stripe, quote.workspaceId);
  if (!deps.stripe || !account) throw new AppError('CONFLICT', PAY_NOT_PAYABLE);
  const flight = await inFlight(deps.db, and(eq(onlinePayments.quoteId, quote.id), eq(onlinePayments.purpose, 'deposit')));
  const state = depositState(account, quote, flight);
  if (state.status === 'paid') throw new AppError('CONFLICT', DEPOSIT_ALREADY_PAID);
  if (!state.available) throw new AppError('CONFLICT', state.reason ?? DEPOSIT_NOT_DUE);
  return openSession({ ...deps, stripe: deps.stripe }, {
    workspaceId: quote.workspaceId,
    account,
    purpose: 'deposit',
    invoiceId: null,
    quoteId: quote.id,
    amountCents: quote.depositCents,
    name: `Deposit on quote ${quote.number}: ${quote.title}`,
    returnUrl: `${deps.publicUrl}/q/${token}`,
    idempotencyKey: `fieldbook-deposit-${quote.id}-${quote.depositCents}-${endedCount(flight.rows)}`,
  });
}

/**
 * The contractor's view of a quote's deposit paid online (any member of its workspace): paid, processing or not yet —
 * before the quote has an invoice, which is where a paid deposit is credited. Another workspace's quote is not found.
 */
export async function quoteDepositPayments(opts: { db: Db; actor: Actor; quoteId: string }): Promise<QuoteDepositPayments> {
  const workspaceId = requireWorkspace(opts.actor);
  const quote = await findQuoteDeposit(opts.db, opts.quoteId);
  if (!quote || quote.workspaceId !== workspaceId) throw new AppError('NOT_FOUND', QUOTE_NOT_FOUND);
  const flight = await inFlight(opts.db, and(eq(onlinePayments.workspaceId, workspaceId), eq(onlinePayments.quoteId, quote.id), eq(onlinePayments.purpose, 'deposit')));
  const { deposit_cents, status, last_failed } = depositState(null, quote, flight);
  // Sessions opened and left are noise to the contractor, as on the invoice.
  return { deposit_cents, status, last_failed, payments: flight.rows.filter((r) => r.status !== 'pending' && r.status !== 'expired').map(toOnlinePayment) };
}

// ---- Refunds through Stripe ----------------------------------------------------------------------------------------

export async function refundOnlinePayment(opts: { db: Db; stripe: StripeConfig | null; actor: Actor; id: string; amountCents: number; now: Date }): Promise<OnlinePayment> {
  const workspaceId = requireWorkspace(opts.actor);
  const [row] = await opts.db.select().from(onlinePayments).where(and(eq(onlinePayments.id, opts.id), eq(onlinePayments.workspaceId, workspaceId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_NOT_FOUND);
  if (!(await workspaceAdminIds(opts.db, workspaceId)).includes(opts.actor.userId)) throw new AppError('FORBIDDEN', ONLINE_REFUND_ADMIN_ONLY);
  if (row.status !== 'succeeded' || !row.paymentIntentId || !opts.stripe) throw new AppError('CONFLICT', ONLINE_REFUND_NOT_PAID);
  const left = row.amountCents - row.refundedCents;
  if (opts.amountCents > left) throw fieldError('amount_cents', ONLINE_REFUND_OVER(formatCents(left)));
  let refund: Stripe.Refund;
  try {
    refund = await stripeClient(opts.stripe).refunds.create(
      { payment_intent: row.paymentIntentId, amount: opts.amountCents, metadata: { fieldbook_online_payment_id: row.id } },
      // On the account the payment was made on (Stripe Connect), whatever the workspace is connected to now.
      { ...(row.stripeAccountId ? { stripeAccount: row.stripeAccountId } : {}), idempotencyKey: `fieldbook-refund-${row.id}-${row.refundedCents}-${opts.amountCents}` },
    );
  } catch (err) {
    throw stripeDown(err);
  }
  const updated = await opts.db.transaction((tx) => recordRefund(tx, row.id, refund, opts.actor.userId, opts.now));
  return toOnlinePayment(updated);
}

/** A refund Stripe made, on the payment and on the invoice, once per Stripe refund id. */
export async function recordRefund(tx: Tx, onlinePaymentId: string, refund: Pick<Stripe.Refund, 'id' | 'amount' | 'status'>, by: string | null, now: Date): Promise<OnlinePaymentRow> {
  const [row] = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, onlinePaymentId)).limit(1).for('update');
  if (!row) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_NOT_FOUND);
  if (refund.status === 'failed' || refund.status === 'canceled') return row;
  const [inserted] = await tx
    .insert(onlineRefunds)
    .values({ workspaceId: row.workspaceId, onlinePaymentId: row.id, stripeRefundId: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending', createdBy: by })
    .onConflictDoNothing({ target: onlineRefunds.stripeRefundId })
    .returning();
  if (!inserted) return row;
  let invoicePaymentId: string | null = null;
  // The refund goes where the money was recorded: the invoice paid, or the invoice a deposit was credited to.
  if (row.invoicePaymentId && row.invoiceId) {
    invoicePaymentId = (await recordOnlinePayment(tx, { invoiceId: row.invoiceId, kind: 'refund', bank: row.method === 'us_bank_account', amountCents: refund.amount, note: `Refund through Stripe (${refund.id})`, now })).paymentId;
  }
  await tx.update(onlineRefunds).set({ invoicePaymentId }).where(eq(onlineRefunds.id, inserted.id));
  const [updated] = await tx
    .update(onlinePayments)
    .set({ refundedCents: row.refundedCents + refund.amount })
    .where(eq(onlinePayments.id, row.id))
    .returning();
  return updated!;
}

