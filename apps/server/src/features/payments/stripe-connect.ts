import {
  PAYMENTS_NOT_CONFIGURED,
  PAYMENTS_NOT_CONNECTED,
  PAYMENTS_ONBOARDING_INCOMPLETE,
  STRIPE_CONNECT_ADMIN_ONLY,
  STRIPE_CONNECT_NOT_CONFIGURED,
  STRIPE_UNREACHABLE,
  type PaymentsStatus,
  type StripeConnection,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { StripeConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { workspaceAdminIds } from '../workspaces';
import { paymentSettings } from './payments.schema';
import { stripeClient, type Stripe } from './stripe-client';

/**
 * Stripe Connect (issue 33): each workspace's clients pay the workspace's own Stripe account, never the platform's or
 * another workspace's. An admin connects it through Stripe's hosted onboarding (accounts.create, then an Account Link
 * back to Settings › Payments); the account's state comes from Stripe's `account.updated` events; every call made for
 * the workspace carries its account (the package's `stripeAccount` option: the `Stripe-Account` header).
 */

type SettingsRow = typeof paymentSettings.$inferSelect;

export async function settingsRow(db: Db | Tx, workspaceId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.workspaceId, workspaceId)).limit(1);
  return row ?? null;
}

const connectionOf = (row: SettingsRow | null): StripeConnection | null =>
  row?.stripeAccountId
    ? { account_id: row.stripeAccountId, charges_enabled: row.stripeChargesEnabled, details_submitted: row.stripeDetailsSubmitted, payouts_enabled: row.stripePayoutsEnabled }
    : null;

/** The connected account a workspace's clients pay, or null while it cannot take charges (not connected, onboarding unfinished). */
export async function chargeableAccount(db: Db | Tx, stripe: StripeConfig | null, workspaceId: string): Promise<string | null> {
  if (!stripe) return null;
  const row = await settingsRow(db, workspaceId);
  return row?.stripeAccountId && row.stripeChargesEnabled ? row.stripeAccountId : null;
}

/** The workspace's payments as `userId` sees them (`can_manage`: one of its admins; false without a caller). */
export async function paymentsStatus(db: Db | Tx, stripe: StripeConfig | null, workspaceId: string, userId: string | null = null): Promise<PaymentsStatus> {
  const row = await settingsRow(db, workspaceId);
  const connection = stripe ? connectionOf(row) : null;
  const enabled = stripe !== null && connection?.charges_enabled === true;
  const reason = enabled ? null : !stripe ? PAYMENTS_NOT_CONFIGURED : connection ? PAYMENTS_ONBOARDING_INCOMPLETE : PAYMENTS_NOT_CONNECTED;
  const canManage = userId !== null && (await workspaceAdminIds(db, workspaceId)).includes(userId);
  return { enabled, reason, allow_partial_payments: row?.allowPartialPayments ?? false, stripe_configured: stripe !== null, connection, can_manage: canManage };
}

async function requireAdmin(db: Db, actor: Actor): Promise<string> {
  const workspaceId = requireWorkspace(actor);
  if (!(await workspaceAdminIds(db, workspaceId)).includes(actor.userId)) throw new AppError('FORBIDDEN', STRIPE_CONNECT_ADMIN_ONLY);
  return workspaceId;
}

/**
 * POST /api/payments/stripe-connect: the workspace's account is made once (a Standard account; the idempotency key is
 * the workspace's, so two clicks make one), then a fresh Account Link — Stripe's onboarding, used once and short-lived —
 * whose return and refresh URLs come back to Settings › Payments. Clicking again continues an unfinished onboarding.
 */
export async function connectStripe(opts: { db: Db; stripe: StripeConfig | null; actor: Actor; publicUrl: string }): Promise<{ url: string }> {
  const workspaceId = await requireAdmin(opts.db, opts.actor);
  if (!opts.stripe) throw new AppError('CONFLICT', STRIPE_CONNECT_NOT_CONFIGURED);
  const client = stripeClient(opts.stripe);
  let accountId = (await settingsRow(opts.db, workspaceId))?.stripeAccountId ?? null;
  try {
    if (!accountId) {
      // A Standard account: the company's own Stripe account, with Stripe's full dashboard (refunds made there arrive by
      // webhook) and its own liability for disputes — what direct charges on the connected account (the Stripe-Account
      // header on every call) call for. Stripe's onboarding asks the company what it needs; payments wait for it.
      const account = await client.accounts.create(
        { type: 'standard', country: 'US', metadata: { fieldbook_workspace_id: workspaceId } },
        // One account per workspace and connection: a disconnect starts a new one (the count of accounts made is not
        // known here, so the key names the moment the workspace had none — its settings row's update time).
        { idempotencyKey: `fieldbook-connect-${workspaceId}-${(await settingsRow(opts.db, workspaceId))?.updatedAt.getTime() ?? 0}` },
      );
      accountId = account.id;
      await opts.db
        .insert(paymentSettings)
        .values({ workspaceId, stripeAccountId: accountId, stripeChargesEnabled: account.charges_enabled ?? false, stripeDetailsSubmitted: account.details_submitted ?? false, stripePayoutsEnabled: account.payouts_enabled ?? false })
        .onConflictDoUpdate({
          target: paymentSettings.workspaceId,
          set: { stripeAccountId: accountId, stripeChargesEnabled: account.charges_enabled ?? false, stripeDetailsSubmitted: account.details_submitted ?? false, stripePayoutsEnabled: account.payouts_enabled ?? false, updatedAt: new Date() },
        });
    }
    const back = `${opts.publicUrl}/?payments=stripe-connect`;
    const link = await client.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: `${back}-done`, refresh_url: `${back}-refresh` });
    return { url: link.url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNAVAILABLE', STRIPE_UNREACHABLE);
  }
}

/**
 * DELETE /api/payments/stripe-connect: the workspace forgets its account (it stays the company's at Stripe, with its
 * money); its clients are offered no Pay until an admin connects again. Payments made before keep their account, so
 * their refunds still go to it.
 */
export async function disconnectStripe(opts: { db: Db; stripe: StripeConfig | null; actor: Actor }): Promise<PaymentsStatus> {
  const workspaceId = await requireAdmin(opts.db, opts.actor);
  await opts.db
    .update(paymentSettings)
    .set({ stripeAccountId: null, stripeChargesEnabled: false, stripeDetailsSubmitted: false, stripePayoutsEnabled: false, updatedAt: new Date() })
    .where(eq(paymentSettings.workspaceId, workspaceId));
  return paymentsStatus(opts.db, opts.stripe, workspaceId, opts.actor.userId);
}

/**
 * `account.updated` on a connected account: its state, on the workspace that connected that account only. The event's
 * `account` must be the account it describes (a Connect event names the account it happened on); any other account —
 * one no workspace connected, a disconnected one — changes nothing.
 */
/**
 * `account.application.deauthorized`: the company disconnected Fieldbook from its own Stripe dashboard (a Standard
 * account can). Its workspace forgets the account, as a Disconnect by its admin does; no other workspace is touched.
 */
export async function applyAccountDeauthorized(tx: Tx, event: Stripe.Event & { type: 'account.application.deauthorized' }): Promise<void> {
  if (!event.account) return;
  await tx
    .update(paymentSettings)
    .set({ stripeAccountId: null, stripeChargesEnabled: false, stripeDetailsSubmitted: false, stripePayoutsEnabled: false, updatedAt: new Date() })
    .where(eq(paymentSettings.stripeAccountId, event.account));
}

export async function applyAccountUpdated(tx: Tx, event: Stripe.Event & { type: 'account.updated' }): Promise<void> {
  const account = event.data.object;
  if (!event.account || event.account !== account.id) return;
  await tx
    .update(paymentSettings)
    .set({ stripeChargesEnabled: account.charges_enabled ?? false, stripeDetailsSubmitted: account.details_submitted ?? false, stripePayoutsEnabled: account.payouts_enabled ?? false, updatedAt: new Date() })
    .where(eq(paymentSettings.stripeAccountId, account.id));
}
