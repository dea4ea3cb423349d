import {
  CLIENT_MESSAGE_QUIET_HOURS,
  CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY,
  ClientMessageRulesSchema,
  DEFAULT_CLIENT_MESSAGE_RULES,
  type ClientMessageRules,
  type ClientMessageSettings,
  type UpdateClientMessageSettingsBodySchema,
} from '@fieldbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { readReminderSettings } from '../invoices';
import { workspaceAdminIds, workspaceTimeZone } from '../workspaces';
import { clientMessageQueue, clientMessageSettings } from './client-messages.schema';

export type SavedRules = { rules: ClientMessageRules; reviewLink: string | null };

/**
 * A workspace's rules: the saved ones, each completed from the defaults (a rule added after the row was saved gets its
 * default), or the defaults when none were saved.
 */
export async function readRules(db: Db | Tx, workspaceId: string): Promise<SavedRules> {
  const [row] = await db.select({ rules: clientMessageSettings.rules, reviewLink: clientMessageSettings.reviewLink }).from(clientMessageSettings).where(eq(clientMessageSettings.workspaceId, workspaceId)).limit(1);
  if (!row) return { rules: DEFAULT_CLIENT_MESSAGE_RULES, reviewLink: null };
  const merged = { ...DEFAULT_CLIENT_MESSAGE_RULES, ...row.rules };
  const parsed = ClientMessageRulesSchema.safeParse(merged);
  return { rules: parsed.success ? parsed.data : DEFAULT_CLIENT_MESSAGE_RULES, reviewLink: row.reviewLink };
}

async function isAdmin(db: Db, actor: WorkspaceActor): Promise<boolean> {
  return (await workspaceAdminIds(db, actor.workspaceId)).includes(actor.userId);
}

export async function getClientMessageSettings(opts: { db: Db; actor: WorkspaceActor }): Promise<ClientMessageSettings> {
  const { db, actor } = opts;
  const [saved, zone, invoiceReminders, canEdit] = await Promise.all([
    readRules(db, actor.workspaceId),
    workspaceTimeZone(db, actor.workspaceId),
    readReminderSettings(db, actor.workspaceId),
    isAdmin(db, actor),
  ]);
  return {
    rules: saved.rules,
    review_link: saved.reviewLink,
    quiet_hours: { from: CLIENT_MESSAGE_QUIET_HOURS.from, until: CLIENT_MESSAGE_QUIET_HOURS.until },
    time_zone: zone,
    invoice_reminders: invoiceReminders,
    can_edit: canEdit,
  };
}

/**
 * Saves the rules (the workspace's admins only). Switching quote follow-ups or review requests on starts from now:
 * quotes sent and jobs completed before are never asked about. Every message still waiting is woken, so it is timed —
 * or dropped — by the new settings at once.
 */
export async function updateClientMessageSettings(opts: {
  db: Db;
  actor: WorkspaceActor;
  body: z.output<typeof UpdateClientMessageSettingsBodySchema>;
  now: Date;
}): Promise<ClientMessageSettings> {
  const { db, actor, body, now } = opts;
  if (!(await isAdmin(db, actor))) throw new AppError('FORBIDDEN', CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY);
  const before = await readRules(db, actor.workspaceId);
  const scanning = body.rules.quote_follow_up.enabled || body.rules.review_request.enabled;
  const switchedOn = (rule: 'quote_follow_up' | 'review_request') => body.rules[rule].enabled && !before.rules[rule].enabled;
  await db.transaction(async (tx) => {
    const values = { rules: body.rules, reviewLink: body.review_link, updatedBy: actor.userId, scanning, scanDueAt: now, scanAttempts: 0, scanError: null };
    await tx
      .insert(clientMessageSettings)
      .values({ workspaceId: actor.workspaceId, ...values, quoteCursor: now, quoteCursorId: null, reviewSince: now, reviewCursorId: null })
      .onConflictDoUpdate({
        target: clientMessageSettings.workspaceId,
        set: {
          ...values,
          ...(switchedOn('quote_follow_up') ? { quoteCursor: now, quoteCursorId: null } : {}),
          ...(switchedOn('review_request') ? { reviewSince: now, reviewCursorId: null } : {}),
        },
      });
    await tx
      .update(clientMessageQueue)
      .set({ dueAt: now, attempts: 0, lastError: null })
      .where(and(eq(clientMessageQueue.workspaceId, actor.workspaceId), inArray(clientMessageQueue.status, ['pending']), sql`${clientMessageQueue.dueAt} > ${now.toISOString()}::timestamptz`));
  });
  return getClientMessageSettings({ db, actor });
}
