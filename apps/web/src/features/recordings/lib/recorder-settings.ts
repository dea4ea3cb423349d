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

export function saveLocalRecorderSettings(settings: RecorderSettings): void {
  localStorage.setItem(RECORDER_SETTINGS_KEY, JSON.stringify(settings));
}

/** '5125550100, 737 555 0123' → ['5125550100', '7375550123'] (digits and a leading +). */
export function parseNumberList(text: string): string[] {
  return [...new Set(text.split(/[\n,;]+/).map((n) => n.trim().replace(/(?!^\+)[^\d]/g, '')).filter((n) => n.replace(/\D/g, '').length >= 3))];
}
