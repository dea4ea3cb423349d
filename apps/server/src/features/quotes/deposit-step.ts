import { DEPOSIT_STEP_OFF, QUOTE_SETTINGS_ADMIN_ONLY, type DepositMode, type QuoteSettings } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { workspaceAdminIds } from '../workspaces';
import { quoteSettings } from './quotes.schema';

/**
 * What the quotes need of online payments (issue 33, deposit on approval), given by app.ts from the payments feature
 * (which imports quotes, so quotes cannot import it): whether the workspace's clients can pay online now (Stripe
 * configured and, with Connect, the workspace's account connected), and Stripe's page for an approved quote's deposit.
 */
export type QuoteDepositPayments = {
  onlineStatus(db: Db | Tx, workspaceId: string): Promise<{ enabled: boolean; reason: string | null }>;
  startDepositCheckout(token: string, now: Date): Promise<{ url: string }>;
};

/** Without the payments feature (a test app, a tool): online payments are off. */
export const NO_ONLINE_PAYMENTS: QuoteDepositPayments = {
  onlineStatus: async () => ({ enabled: false, reason: null }),
  startDepositCheckout: async () => {
    throw new AppError('CONFLICT', 'Online payments are off');
  },
};

export async function depositModeOf(db: Db | Tx, workspaceId: string): Promise<DepositMode> {
  const [row] = await db.select({ mode: quoteSettings.depositMode }).from(quoteSettings).where(eq(quoteSettings.workspaceId, workspaceId)).limit(1);
  return row?.mode ?? 'offered';
}

/**
 * The deposit step clients get now: the workspace's choice, or none while they cannot pay online — "required" then
 * never blocks an approval (the client approves; the contractor is told why in the settings).
 */
export async function effectiveDepositStep(db: Db | Tx, payments: QuoteDepositPayments, workspaceId: string): Promise<DepositMode> {
  const mode = await depositModeOf(db, workspaceId);
  if (mode === 'none') return 'none';
  return (await payments.onlineStatus(db, workspaceId)).enabled ? mode : 'none';
}

export async function getQuoteSettings(opts: { db: Db; payments: QuoteDepositPayments; actor: Actor }): Promise<QuoteSettings> {
  const workspaceId = requireWorkspace(opts.actor);
  const mode = await depositModeOf(opts.db, workspaceId);
  const online = await opts.payments.onlineStatus(opts.db, workspaceId);
  const off = mode !== 'none' && !online.enabled;
  return {
    deposit_mode: mode,
    effective_deposit_mode: off ? 'none' : mode,
    online_payments_enabled: online.enabled,
    notice: off ? DEPOSIT_STEP_OFF(mode, online.reason) : null,
    can_edit: (await workspaceAdminIds(opts.db, workspaceId)).includes(opts.actor.userId),
  };
}

/** PUT /api/quote-settings — the workspace's admins (its owner, a system admin) only; others 403, nothing changed. */
export async function updateQuoteSettings(opts: { db: Db; payments: QuoteDepositPayments; actor: Actor; depositMode: DepositMode }): Promise<QuoteSettings> {
  const workspaceId = requireWorkspace(opts.actor);
  if (!(await workspaceAdminIds(opts.db, workspaceId)).includes(opts.actor.userId)) throw new AppError('FORBIDDEN', QUOTE_SETTINGS_ADMIN_ONLY);
  await opts.db
    .insert(quoteSettings)
    .values({ workspaceId, depositMode: opts.depositMode })
    .onConflictDoUpdate({ target: quoteSettings.workspaceId, set: { depositMode: opts.depositMode, updatedAt: new Date() } });
  return getQuoteSettings(opts);
}
