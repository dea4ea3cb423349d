import { formatCents } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { StripeConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { findPayableInvoice, recordOnlinePayment } from '../invoices';
import { notify } from '../notifications';
import { findQuoteDeposit } from '../quotes';
import { workspaceAdminIds } from '../workspaces';
import { onlinePayments, stripeEvents } from './payments.schema';
import { creditQuoteDeposits, recordRefund, type OnlinePaymentRow } from './payments.service';
import { verifiedEvent, type Stripe } from './stripe-client';

export const WEBHOOK_BAD_SIGNATURE = 'The Stripe-Signature header does not verify this body';

/**
 * Stripe's event, verified (signature over the raw body with STRIPE_WEBHOOK_SECRET, at most 5 minutes old: a replay
 * is refused), then applied in one transaction with its id recorded in stripe_events: a duplicate delivery or a retry
 * finds the id and changes nothing. Each change is also conditional on the payment's state, so events that arrive out
 * of order (a bank payment's success before its "completed") come out the same.
 */
export async function handleStripeWebhook(deps: { db: Db; stripe: StripeConfig | null; now: Date }, rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
  if (!deps.stripe) throw new AppError('NOT_FOUND', 'Online payments are not configured');
  let event: Stripe.Event;
  try {
    if (!rawBody || !signature) throw new Error('missing');
    event = verifiedEvent(deps.stripe, rawBody, signature, deps.now);
  } catch {
    throw new AppError('BAD_REQUEST', WEBHOOK_BAD_SIGNATURE);
  }
  await deps.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing({ target: stripeEvents.id }).returning({ id: stripeEvents.id });
    if (!fresh) return;
    await applyEvent(tx, event, deps.now);
  });
  return { received: true };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our row of a Checkout Session, locked. A session of ours whose row is missing — created at Stripe, then the insert
 * failed (a crash, a lost connection) — is recognised by the metadata we gave it and its row made now: money Stripe
 * took is never left unrecorded. Anything else (another integration's session) is null: ignored.
 */
async function sessionRow(tx: Tx, session: Stripe.Checkout.Session): Promise<OnlinePaymentRow | null> {
  const [row] = await tx.select().from(onlinePayments).where(eq(onlinePayments.checkoutSessionId, session.id)).limit(1).for('update');
  if (row) return row;
  const m = session.metadata ?? {};
  const purpose = m.fieldbook_purpose;
  const workspaceId = m.fieldbook_workspace_id ?? '';
  const invoiceId = m.fieldbook_invoice_id || null;
  const quoteId = m.fieldbook_quote_id || null;
  if ((purpose !== 'invoice' && purpose !== 'deposit') || !UUID.test(workspaceId) || !session.amount_total) return null;
  if ((invoiceId && !UUID.test(invoiceId)) || (quoteId && !UUID.test(quoteId)) || (purpose === 'invoice' ? !invoiceId : !quoteId)) return null;
  // The ids are ours (the event is signed), but what they named may be gone since: then there is nothing to record on.
  if (invoiceId && !(await findPayableInvoice(tx, invoiceId, { workspaceId }))) return null;
  if (quoteId && (await findQuoteDeposit(tx, quoteId))?.workspaceId !== workspaceId) return null;
  await tx.insert(onlinePayments).values({ workspaceId, purpose, invoiceId, quoteId, amountCents: session.amount_total, checkoutSessionId: session.id }).onConflictDoNothing({ target: onlinePayments.checkoutSessionId });
  const [made] = await tx.select().from(onlinePayments).where(eq(onlinePayments.checkoutSessionId, session.id)).limit(1).for('update');
  return made ?? null;
}

const intentId = (s: Stripe.Checkout.Session) => (typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null));

async function applyEvent(tx: Tx, event: Stripe.Event, now: Date): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const row = await sessionRow(tx, session);
      if (!row) return;
      // Card: paid at once. Bank (ACH): 'unpaid' until the async result, days later.
      if (session.payment_status === 'paid') return succeed(tx, row, intentId(session), row.method ?? 'card', now);
      if (session.payment_status === 'unpaid' && row.status === 'pending') {
        await tx.update(onlinePayments).set({ status: 'processing', method: 'us_bank_account', paymentIntentId: intentId(session) }).where(eq(onlinePayments.id, row.id));
      }
      return;
    }
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const row = await sessionRow(tx, session);
      if (row) await succeed(tx, row, intentId(session), 'us_bank_account', now);
      return;
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const row = await sessionRow(tx, session);
      if (!row || row.status === 'succeeded' || row.status === 'failed') return;
      await tx
        .update(onlinePayments)
        .set({ status: 'failed', method: 'us_bank_account', paymentIntentId: intentId(session) ?? row.paymentIntentId, failureMessage: 'The bank payment failed: nothing was paid' })
        .where(eq(onlinePayments.id, row.id));
      await tellFailure(tx, row);
      return;
    }
    case 'checkout.session.expired': {
      const row = await sessionRow(tx, event.data.object);
      if (row?.status === 'pending') await tx.update(onlinePayments).set({ status: 'expired' }).where(eq(onlinePayments.id, row.id));
      return;
    }
    case 'charge.refunded': {
      // Refunds made in Stripe's dashboard (ours are recorded when made, and found here by their id).
      const charge = event.data.object;
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) return;
      const [row] = await tx.select().from(onlinePayments).where(eq(onlinePayments.paymentIntentId, intent)).limit(1);
      for (const refund of row ? (charge.refunds?.data ?? []) : []) await recordRefund(tx, row!.id, refund, null, now);
      return;
    }
    default:
      return;
  }
}

/** Paid: once. An invoice payment becomes its row on the invoice; a deposit is credited to the quote's invoice when there is one. */
async function succeed(tx: Tx, row: OnlinePaymentRow, paymentIntentId: string | null, method: 'card' | 'us_bank_account', now: Date): Promise<void> {
  if (row.status === 'succeeded') return;
  let invoicePaymentId: string | null = null;
  if (row.purpose === 'invoice' && row.invoiceId) {
    const label = method === 'card' ? 'card' : 'bank (ACH)';
    invoicePaymentId = (await recordOnlinePayment(tx, { invoiceId: row.invoiceId, kind: 'payment', bank: method !== 'card', amountCents: row.amountCents, note: `Paid online by ${label} through Stripe (${paymentIntentId ?? row.checkoutSessionId})`, now })).paymentId;
  }
  await tx
    .update(onlinePayments)
    .set({ status: 'succeeded', method, paymentIntentId: paymentIntentId ?? row.paymentIntentId, paidAt: now, failureMessage: null, invoicePaymentId })
    .where(eq(onlinePayments.id, row.id));
  if (row.purpose === 'deposit' && row.quoteId) await creditQuoteDeposits(tx, row.quoteId, now);
}

/**
 * A bank payment that failed: the workspace's admins are told in the app (in the failure's transaction, so once), with
 * a link to the invoice (or the quote, for a deposit). Nothing was paid; the client's link offers Pay again.
 */
async function tellFailure(tx: Tx, row: OnlinePaymentRow): Promise<void> {
  const what = row.purpose === 'invoice' && row.invoiceId ? await findPayableInvoice(tx, row.invoiceId) : null;
  const quote = row.purpose === 'deposit' && row.quoteId ? await findQuoteDeposit(tx, row.quoteId) : null;
  const target = what ? { jobId: what.jobId, link: `/jobs/${what.jobId}?invoice=${what.id}`, name: `invoice ${what.number}` } : quote ? { jobId: quote.jobId, link: `/jobs/${quote.jobId}?quote=${quote.id}`, name: `the deposit on quote ${quote.number}` } : null;
  if (!target) return;
  await notify(tx, {
    workspaceId: row.workspaceId,
    userIds: await workspaceAdminIds(tx, row.workspaceId),
    kind: 'payment_failed',
    title: `Bank payment failed: ${formatCents(row.amountCents)} for ${target.name}`,
    body: 'The client’s bank returned the payment: nothing was paid, and the balance is still due. Their link offers Pay again.',
    link: target.link,
    jobId: target.jobId,
  });
}
