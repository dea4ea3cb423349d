import { formatCents, isEmailAddress, OVERPAID_CREDIT } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { StripeConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import type { TokenSigner } from '../../platform/tokens';
import { creditQuoteDeposits, findPayableInvoice, invoiceReceiptMessage, recordOnlinePayment } from '../invoices';
import { notify } from '../notifications';
import { findQuoteDeposit } from '../quotes';
import { workspaceAdminIds } from '../workspaces';
import { onlinePayments, stripeEvents } from './payments.schema';
import { recordRefund, type OnlinePaymentRow } from './payments.service';
import { quoteDepositLedger } from './quote-deposit-ledger';
import { verifiedEvent, type Stripe } from './stripe-client';
import { applyAccountDeauthorized, applyAccountUpdated, settingsRow } from './stripe-connect';

export type WebhookDeps = { db: Db; stripe: StripeConfig | null; signer: TokenSigner; publicUrl: string; now: Date };
type EventDeps = Omit<WebhookDeps, 'db' | 'stripe'>;

export const WEBHOOK_BAD_SIGNATURE = 'The Stripe-Signature header does not verify this body';

/**
 * Stripe's event, verified (signature over the raw body with STRIPE_WEBHOOK_SECRET, at most 5 minutes old: a replay
 * is refused), then applied in one transaction with its id recorded in stripe_events: a duplicate delivery or a retry
 * finds the id and changes nothing. Each change is also conditional on the payment's state, so events that arrive out
 * of order (a bank payment's success before its "completed") come out the same.
 */
export async function handleStripeWebhook(deps: WebhookDeps, rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true }> {
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
    await applyEvent(tx, event, { signer: deps.signer, publicUrl: deps.publicUrl, now: deps.now });
  });
  return { received: true };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our row of a Checkout Session, locked. A session of ours whose row is missing — created at Stripe, then the insert
 * failed (a crash, a lost connection) — is recognised by the metadata we gave it and its row made now: money Stripe
 * took is never left unrecorded. Anything else (another integration's session) is null: ignored.
 *
 * Stripe Connect: the event must come from the connected account the session was made on (`event.account`, the
 * row's `stripe_account_id`; for a row made from metadata, the workspace's connected account). An event from any
 * other account — another workspace's, the platform's own — is null: it changes nothing, whatever its metadata says.
 */
async function sessionRow(tx: Tx, session: Stripe.Checkout.Session, account: string | null): Promise<OnlinePaymentRow | null> {
  const [row] = await tx.select().from(onlinePayments).where(eq(onlinePayments.checkoutSessionId, session.id)).limit(1).for('update');
  if (row) return row.stripeAccountId === account ? row : null;
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
  if (!account || (await settingsRow(tx, workspaceId))?.stripeAccountId !== account) return null;
  await tx
    .insert(onlinePayments)
    .values({ workspaceId, purpose, invoiceId, quoteId, amountCents: session.amount_total, checkoutSessionId: session.id, stripeAccountId: account })
    .onConflictDoNothing({ target: onlinePayments.checkoutSessionId });
  const [made] = await tx.select().from(onlinePayments).where(eq(onlinePayments.checkoutSessionId, session.id)).limit(1).for('update');
  return made ?? null;
}

const intentId = (s: Stripe.Checkout.Session) => (typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null));

async function applyEvent(tx: Tx, event: Stripe.Event, deps: EventDeps): Promise<void> {
  const { now } = deps;
  const account = event.account ?? null;
  switch (event.type) {
    case 'account.updated':
      return applyAccountUpdated(tx, event);
    case 'account.application.deauthorized':
      return applyAccountDeauthorized(tx, event);
    case 'checkout.session.completed': {
      const session = event.data.object;
      const row = await sessionRow(tx, session, account);
      if (!row) return;
      // Card: paid at once. Bank (ACH): 'unpaid' until the async result, days later.
      if (session.payment_status === 'paid') return succeed(tx, row, session, row.method ?? 'card', deps);
      if (session.payment_status === 'unpaid' && row.status === 'pending') {
        await tx.update(onlinePayments).set({ status: 'processing', method: 'us_bank_account', paymentIntentId: intentId(session) }).where(eq(onlinePayments.id, row.id));
      }
      return;
    }
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const row = await sessionRow(tx, session, account);
      if (row) await succeed(tx, row, session, 'us_bank_account', deps);
      return;
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const row = await sessionRow(tx, session, account);
      if (!row || row.status === 'succeeded' || row.status === 'failed') return;
      await tx
        .update(onlinePayments)
        .set({ status: 'failed', method: 'us_bank_account', paymentIntentId: intentId(session) ?? row.paymentIntentId, failureMessage: 'The bank payment failed: nothing was paid' })
        .where(eq(onlinePayments.id, row.id));
      await tellFailure(tx, row);
      return;
    }
    case 'checkout.session.expired': {
      const row = await sessionRow(tx, event.data.object, account);
      if (row?.status === 'pending') await tx.update(onlinePayments).set({ status: 'expired' }).where(eq(onlinePayments.id, row.id));
      return;
    }
    case 'charge.refunded': {
      // Refunds made in Stripe's dashboard (ours are recorded when made, and found here by their id).
      const charge = event.data.object;
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) return;
      const [found] = await tx.select().from(onlinePayments).where(eq(onlinePayments.paymentIntentId, intent)).limit(1);
      // Only from the account the payment was made on (Stripe Connect): another account's event changes nothing.
      const row = found && found.stripeAccountId === account ? found : null;
      for (const refund of row ? (charge.refunds?.data ?? []) : []) await recordRefund(tx, row!.id, refund, null, now);
      return;
    }
    default:
      return;
  }
}

/**
 * Paid: once (the row's state, in the event's transaction). An invoice payment becomes its row on the invoice; a
 * deposit is credited to the quote's invoice when there is one. Then, in the same transaction — so once per payment
 * however often Stripe delivers the event — the client's receipt email goes to the outbox, and money beyond what the
 * invoice asks (a payment larger than the balance, or on a voided invoice) is told to the contractor as a credit.
 */
async function succeed(tx: Tx, row: OnlinePaymentRow, session: Stripe.Checkout.Session, method: 'card' | 'us_bank_account', deps: EventDeps): Promise<void> {
  const { now } = deps;
  const paymentIntentId = intentId(session);
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
  // A deposit goes onto the quote's first invoice if there is one yet (else that invoice takes it when it is made).
  if (row.purpose === 'deposit' && row.quoteId) await creditQuoteDeposits(tx, { ledger: quoteDepositLedger, quoteId: row.quoteId, now });
  if (row.purpose === 'invoice' && row.invoiceId && invoicePaymentId) {
    const invoice = await findPayableInvoice(tx, row.invoiceId);
    if (invoice && invoice.creditCents > 0) await tellCredit(tx, row, invoice);
    const to = [session.customer_details?.email, invoice?.sentEmail].find((a): a is string => typeof a === 'string' && isEmailAddress(a));
    if (invoice && to) await mailReceipt(tx, deps, { to, row, invoiceId: invoice.id, paymentId: invoicePaymentId, method });
  } else if (row.purpose === 'deposit' && row.quoteId) {
    const quote = await findQuoteDeposit(tx, row.quoteId);
    const to = session.customer_details?.email;
    if (quote && to && isEmailAddress(to)) {
      await enqueueMail(tx, {
        to,
        subject: `Receipt: deposit of ${formatCents(row.amountCents)} on quote ${quote.number}`,
        text: [`Thank you: we received your deposit of ${formatCents(row.amountCents)} on quote ${quote.number} (${quote.title}), paid online by ${method === 'card' ? 'card' : 'bank (ACH)'}.`, '', 'It is credited to your first invoice for this work.'].join('\n'),
      });
    }
  }
}

/** The client's receipt: a link to the payment's receipt PDF and to the invoice's page (which shows Paid from now on). */
async function mailReceipt(tx: Tx, deps: EventDeps, o: { to: string; row: OnlinePaymentRow; invoiceId: string; paymentId: string; method: 'card' | 'us_bank_account' }): Promise<void> {
  const m = await invoiceReceiptMessage(tx, { invoiceId: o.invoiceId, paymentId: o.paymentId, signer: deps.signer, publicUrl: deps.publicUrl, now: deps.now });
  if (!m) return;
  const receipt = `${deps.publicUrl}/api/public/invoice-payments/${m.token}/receipts/${o.paymentId}`;
  await enqueueMail(tx, {
    to: o.to,
    subject: `Receipt: ${formatCents(o.row.amountCents)} paid on invoice ${m.number} from ${m.company}`,
    text: [
      `Thank you: ${m.company} received your payment of ${formatCents(o.row.amountCents)} on invoice ${m.number} (${m.title}), paid online by ${o.method === 'card' ? 'card' : 'bank (ACH)'}.`,
      '',
      `Your receipt (PDF): ${receipt}`,
      `The invoice: ${m.page}`,
    ].join('\n'),
  });
}

/**
 * Money beyond what the invoice asks (the client paid in a tab opened before a payment by hand or a void): kept as
 * received, the balance stays at zero, and the workspace's admins are told, once (the payment's transaction), with a
 * link to the invoice, where the credit shows and an admin can refund it through Stripe.
 */
async function tellCredit(tx: Tx, row: OnlinePaymentRow, invoice: { id: string; jobId: string; number: string; status: string; creditCents: number }): Promise<void> {
  await notify(tx, {
    workspaceId: row.workspaceId,
    userIds: await workspaceAdminIds(tx, row.workspaceId),
    kind: 'payment_overpaid',
    title: `Invoice ${invoice.number}: ${OVERPAID_CREDIT(formatCents(invoice.creditCents))}`,
    body:
      invoice.status === 'void'
        ? `The client paid ${formatCents(row.amountCents)} online on this invoice after it was voided. Refund it through Stripe, or apply it to the invoice issued in its place.`
        : `The client paid ${formatCents(row.amountCents)} online, more than the balance due. The excess is a credit on the invoice: refund it through Stripe from the invoice.`,
    link: `/jobs/${invoice.jobId}?invoice=${invoice.id}`,
    jobId: invoice.jobId,
  });
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
