import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { CLIENT_CONFIG_PATH } from './client-config';

export const ThemeSchema = z.enum(['light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

export const AudioQualitySchema = z.enum(['low', 'medium', 'high']);
export const AudioSourceSchema = z.enum(['voice_communication', 'mic', 'voice_recognition', 'camcorder']);

/** At most this many recording groups in recordGroups. */
export const MAX_RECORD_GROUPS = 50;
export const RECORD_GROUP_ID_MESSAGE = 'A group id has 1 to 100 characters';
export const RECORD_GROUPS_MAX_MESSAGE = `At most ${MAX_RECORD_GROUPS} recording groups`;
export const RECORD_GROUPS_UNIQUE_MESSAGE = 'Each group id only once';

/** A recording group's id as the Recordings page's Group id takes it (Add Group): 1–100 characters. */
export const RecordGroupIdSchema = z.string().trim().min(1, RECORD_GROUP_ID_MESSAGE).max(100, RECORD_GROUP_ID_MESSAGE);

/**
 * Recorder settings (spec 001 §3). Stored as JSON text in user_settings.recorder_settings. recordGroups: the groups
 * the recorder files recordings under (addGroupToRecord adds one; lastGroupId is the one new recordings go to).
 */
export const RecorderSettingsSchema = z.object({
  enabled: z.boolean(),
  recordAllContacts: z.boolean(),
  recordUnknown: z.boolean(),
  useGoogleDrive: z.boolean(),
  audioQuality: AudioQualitySchema,
  audioSource: AudioSourceSchema,
  recordGroups: z
    .array(RecordGroupIdSchema)
    .max(MAX_RECORD_GROUPS, RECORD_GROUPS_MAX_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, RECORD_GROUPS_UNIQUE_MESSAGE),
  whitelistNumbers: z.array(z.string()),
  blacklistNumbers: z.array(z.string()),
  lastGroupId: z.string(),
});
export type RecorderSettings = z.infer<typeof RecorderSettingsSchema>;

export { DEFAULT_RECORDER_SETTINGS } from './recorder-defaults';

/** The user_settings record (spec 001 §3). */
export const UserSettingsSchema = z.object({
  user_id: z.uuid(),
  theme: ThemeSchema,
  notifications_enabled: z.boolean(),
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  api_url: z.string().nullable(),
  recorder_settings: RecorderSettingsSchema,
  updated_at: z.string().nullable(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/settings: any subset of the editable fields. */
export const UpdateSettingsBodySchema = z
  .object({
    theme: ThemeSchema,
    notifications_enabled: z.boolean(),
    email_notifications: z.boolean(),
    sms_notifications: z.boolean(),
    api_url: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'API URL must start with http:// or https://' })
      .nullable(),
    recorder_settings: RecorderSettingsSchema.partial(),
  })
  .partial()
  .strict();
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;

/**
 * What the web app needs from the deployment before signing in: the origins an API URL setting may point at, and
 * where the Android app is downloaded from (ANDROID_APK_URL; null when this server offers no APK — spec 002
 * /download then keeps to the web app).
 */
export const ClientConfigSchema = z.object({
  api_origins: z.array(z.string()),
  android_apk_url: z.url({ protocol: /^https?$/ }).nullable(),
  /** The app-store listings (null: not listed there; the pages show no link). */
  app_store_url: z.url({ protocol: /^https?$/ }).nullable(),
  google_play_url: z.url({ protocol: /^https?$/ }).nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** The message of a refused API URL (a 400 naming api_url). */
export function apiUrlNotAllowedMessage(origins: readonly string[]): string {
  return `API URL must be one of this deployment's API addresses: ${origins.join(', ')}`;
}

const settingsTags = ['settings'];

export const settingsEndpoints = {
  get: defineEndpoint({ method: 'GET', path: '/api/settings', access: 'user', summary: "The caller's settings (defaults until saved)", tags: settingsTags, response: UserSettingsSchema }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/settings',
    access: 'user',
    summary: 'Save some of the caller’s settings (an API URL must be an allowed origin)',
    tags: settingsTags,
    body: UpdateSettingsBodySchema,
    response: UserSettingsSchema,
  }),
  clientConfig: defineEndpoint({
    method: 'GET',
    path: CLIENT_CONFIG_PATH,
    access: 'public',
    summary: 'The origins an API URL may point at and the Android app download (read before any other request, without a session)',
    tags: settingsTags,
    response: ClientConfigSchema,
  }),
};
