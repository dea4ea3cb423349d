import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { invoicePayments, invoices } from '../invoices/invoices.schema';
import { quotes } from '../quotes/quotes.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * The payments feature's tables (issue 33, online payments). An online payment is one Checkout Session at Stripe; the
 * money it brings is one row of invoice_payments (written through the invoices feature's recordOnlinePayment) once
 * Stripe says it succeeded — never before, so a bank payment that later fails was never paid.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    /** 'invoice': paying an invoice's balance (or part); 'deposit': an approved quote's deposit. */
    purpose: text().$type<'invoice' | 'deposit'>().notNull(),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    quoteId: uuid().references(() => quotes.id, { onDelete: 'set null' }),
    amountCents: integer().notNull(),
    checkoutSessionId: text().notNull().unique(),
    /**
     * The workspace's connected Stripe account the session was made on (Stripe Connect): its refunds and retrievals go
     * to the same account, and an event is applied only when it comes from it.
     */
    stripeAccountId: text(),
    paymentIntentId: text(),
    method: text().$type<'card' | 'us_bank_account'>(),
    status: text().$type<'pending' | 'processing' | 'succeeded' | 'failed' | 'expired'>().notNull().default('pending'),
    failureMessage: text(),
    /**
     * The invoice payment this became: the invoice's own for an invoice payment, the credit on the quote's first
     * invoice for a deposit (null until that invoice exists; a discarded draft's credit is set null and made again).
     */
    invoicePaymentId: uuid().references(() => invoicePayments.id, { onDelete: 'set null' }),
    refundedCents: integer().notNull().default(0),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('online_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('online_payments_quote_idx').on(t.quoteId, t.createdAt),
    index('online_payments_intent_idx').on(t.paymentIntentId),
    check('online_payments_purpose_check', sql`${t.purpose} in ('invoice','deposit')`),
    check('online_payments_status_check', sql`${t.status} in ('pending','processing','succeeded','failed','expired')`),
    check('online_payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Refunds of online payments made through Stripe, each recorded on the invoice once (by Stripe's refund id). */
export const onlineRefunds = pgTable(
  'online_refunds',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    onlinePaymentId: ownerRef(() => onlinePayments.id),
    stripeRefundId: text().notNull().unique(),
    amountCents: integer().notNull(),
    status: text().notNull(),
    invoicePaymentId: uuid().references(() => invoicePayments.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('online_refunds_payment_idx').on(t.onlinePaymentId)],
);

/**
 * Stripe's events by id, written in the same transaction as the change each makes: a duplicate delivery, a retry or a
 * replay finds its id here and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
});

/**
 * A workspace's payment settings (a row only once an admin changed one or connected Stripe), and its connected Stripe
 * account (Stripe Connect): the account id from accounts.create, its state as the last `account.updated` event told it.
 * Payments go to that account only; a workspace without one whose charges are enabled offers its clients no Pay.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    workspaceId: uuid()
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    allowPartialPayments: boolean().notNull().default(false),
    stripeAccountId: text(),
    stripeChargesEnabled: boolean().notNull().default(false),
    stripeDetailsSubmitted: boolean().notNull().default(false),
    stripePayoutsEnabled: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  // One account, one workspace: an account's events find their workspace by it.
  (t) => [uniqueIndex('payment_settings_stripe_account_idx').on(t.stripeAccountId)],
);
