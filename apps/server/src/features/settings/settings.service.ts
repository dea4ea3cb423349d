import { apiUrlNotAllowedMessage, DEFAULT_RECORDER_SETTINGS, httpOrigin, RecorderSettingsSchema, type RecorderSettings, type UpdateSettingsBody, type UserSettings } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { userSettings } from './settings.schema';
import { fieldError } from '../../platform/errors';

type SettingsRow = typeof userSettings.$inferSelect;

/**
 * recorder_settings is JSON text (spec 001 §3), possibly written by an older client. Each stored key is kept
 * only when it is valid on its own, so one bad value falls back to its default instead of losing the rest.
 */
export function parseRecorderSettings(text: string | null): RecorderSettings {
  let stored: unknown;
  try {
    stored = text ? JSON.parse(text) : null;
  } catch {
    stored = null;
  }
  const merged: Record<string, unknown> = { ...DEFAULT_RECORDER_SETTINGS };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [key, schema] of Object.entries(RecorderSettingsSchema.shape)) {
      const value = (stored as Record<string, unknown>)[key];
      if (value !== undefined && schema.safeParse(value).success) merged[key] = value;
    }
  }
  return merged as RecorderSettings;
}

function toUserSettings(userId: string, row: SettingsRow | undefined): UserSettings {
  if (!row) {
    // No row yet: the specified defaults (light theme, every notification on).
    return {
      user_id: userId,
      theme: 'light',
      notifications_enabled: true,
      email_notifications: true,
      sms_notifications: true,
      api_url: null,
      recorder_settings: { ...DEFAULT_RECORDER_SETTINGS },
      updated_at: null,
    };
  }
  return {
    user_id: row.userId,
    theme: row.theme === 'dark' ? 'dark' : 'light',
    notifications_enabled: row.notificationsEnabled,
    email_notifications: row.emailNotifications,
    sms_notifications: row.smsNotifications,
    api_url: row.apiUrl,
    recorder_settings: parseRecorderSettings(row.recorderSettings),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getUserSettings({ db, userId }: { db: Db; userId: string }): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return toUserSettings(userId, row);
}

/**
 * An API URL becomes the base of every request the user's browsers make, and the page's Content-Security-Policy
 * lets them reach only this deployment's origins: any other value would lock the user out on every device. Only
 * an address whose origin is allowed is accepted (stored without a trailing slash); empty means the default.
 */
export function checkApiUrl(value: string | null | undefined, allowedOrigins: readonly string[]): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return null;
  const origin = httpOrigin(trimmed);
  if (!origin || !allowedOrigins.includes(origin)) throw fieldError('api_url', apiUrlNotAllowedMessage(allowedOrigins));
  return trimmed.replace(/\/+$/, '');
}

/** Upserts the given fields only; recorder_settings is merged key by key over what is stored. */
export async function updateUserSettings({
  db,
  userId,
  input,
  allowedApiOrigins,
}: {
  db: Db;
  userId: string;
  input: UpdateSettingsBody;
  allowedApiOrigins: readonly string[];
}): Promise<UserSettings> {
  const apiUrl = checkApiUrl(input.api_url, allowedApiOrigins);
  return db.transaction(async (tx) => {
    // Lock the row (when there is one) so two concurrent partial recorder updates do not lose each other's keys.
    const [existing] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1).for('update');
    const changes: Partial<typeof userSettings.$inferInsert> = {};
    if (input.theme !== undefined) changes.theme = input.theme;
    if (input.notifications_enabled !== undefined) changes.notificationsEnabled = input.notifications_enabled;
    if (input.email_notifications !== undefined) changes.emailNotifications = input.email_notifications;
    if (input.sms_notifications !== undefined) changes.smsNotifications = input.sms_notifications;
    // An empty API URL means "use the default" (spec 001 §2), stored as null.
    if (apiUrl !== undefined) changes.apiUrl = apiUrl;
    if (input.recorder_settings !== undefined) {
      const current = parseRecorderSettings(existing?.recorderSettings ?? null);
      changes.recorderSettings = JSON.stringify({ ...current, ...input.recorder_settings });
    }
    const [row] = await tx
      .insert(userSettings)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
      .returning();
    return toUserSettings(userId, row);
  });
}

/** Default settings for a new account (written by the auth feature at sign-up); an existing row stays. */
export async function insertDefaultSettings(tx: Db | Tx, userId: string): Promise<void> {
  await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
}
