import { DEFAULT_RECORDER_SETTINGS, RecorderSettingsSchema, type RecorderSettings } from '@fieldbook/contract';

/** Spec 001 §3 local storage key: where recorder settings live when the data store cannot keep them. */
export const RECORDER_SETTINGS_KEY = 'callRecorderSettings';

export function localRecorderSettings(): RecorderSettings | null {
  try {
    const parsed = RecorderSettingsSchema.partial().safeParse(JSON.parse(localStorage.getItem(RECORDER_SETTINGS_KEY) ?? 'null'));
    return parsed.success && parsed.data ? { ...DEFAULT_RECORDER_SETTINGS, ...parsed.data } : null;
  } catch {
    return null;
  }
}

/**
 * Holds the user id while this browser's copy is newer than the data store's (its save failed): for that user the
 * copy then wins over the server's. Another user signing in here does not get it.
 */
const UNSYNCED_KEY = 'callRecorderSettingsUnsynced';

/** `synced`: the data store took them too; otherwise this browser's copy is the newer one until a save succeeds. */
export function saveLocalRecorderSettings(settings: RecorderSettings, { synced, userId }: { synced: boolean; userId: string }): void {
  try {
    localStorage.setItem(RECORDER_SETTINGS_KEY, JSON.stringify(settings));
    if (synced) localStorage.removeItem(UNSYNCED_KEY);
    else localStorage.setItem(UNSYNCED_KEY, userId);
  } catch {
    // Storage full or blocked: nothing more this browser can keep.
  }
}

/**
 * This browser's copy when it is newer than the data store's (its last save failed; spec 001 §8: the product then
 * keeps them in local storage only), else null. Shown instead of the server's, so a change is not lost from view.
 */
export function unsyncedRecorderSettings(userId: string | undefined): RecorderSettings | null {
  return userId && localStorage.getItem(UNSYNCED_KEY) === userId ? localRecorderSettings() : null;
}

/** '5125550100, 737 555 0123' → ['5125550100', '7375550123'] (digits and a leading +). */
export function parseNumberList(text: string): string[] {
  return [...new Set(text.split(/[\n,;]+/).map((n) => n.trim().replace(/(?!^\+)[^\d]/g, '')).filter((n) => n.replace(/\D/g, '').length >= 3))];
}
