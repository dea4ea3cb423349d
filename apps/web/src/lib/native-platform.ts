// In the entry chunk: no @capacitor/core here (design.md §11, the login route's 150 kB).
import { httpOrigin } from '@fieldbook/contract/client-config';

/** The platform the page runs on and the build's default API base: read by lib/api-base.ts and lib/local-settings.ts. */

export const API_BASE_META = 'fieldbook-api-base';

export type CapacitorWindow = {
  Capacitor?: { isNativePlatform?: () => boolean };
  CapacitorCustomPlatform?: { name?: string } | null;
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
};

/**
 * `Capacitor.isNativePlatform()` without @capacitor/core in the first chunk (design.md §11, the login route's 150 kB):
 * the native bridge puts it on `window.Capacitor` before any script runs (@capacitor/core does too, once loaded);
 * otherwise @capacitor/core's own rule — a custom platform names itself, else Android's or iOS's bridge object.
 */
export function detectNativePlatform(w: CapacitorWindow): boolean {
  if (typeof w.Capacitor?.isNativePlatform === 'function') return w.Capacitor.isNativePlatform();
  if (w.CapacitorCustomPlatform) return w.CapacitorCustomPlatform.name !== 'web';
  return Boolean(w.androidBridge || w.webkit?.messageHandlers?.bridge);
}

let native: boolean | undefined;
/** Whether the page runs inside the Capacitor app (a native platform) rather than a browser. */
export function isNativeApp(): boolean {
  return (native ??= detectNativePlatform(window as unknown as CapacitorWindow));
}

/** Tests only: forget the cached platform (a test switches between browser and app). */
export function resetNativeAppForTests(): void {
  native = undefined;
}

/** An absolute http(s) base without a trailing slash, query or fragment (user info refused), or null. */
export function normalizeApiBase(value: string | null | undefined): string | null {
  const trimmed = value?.trim().replace(/\/+$/, '') ?? '';
  if (!trimmed || /[?#\s]/.test(trimmed) || !httpOrigin(trimmed)) return null;
  return trimmed;
}

/** The build's default API base (VITE_API_BASE, in index.html's meta tag), or null when the build has none. */
export function builtInApiBase(doc: Pick<Document, 'querySelector'> = document): string | null {
  return normalizeApiBase(doc.querySelector<HTMLMetaElement>(`meta[name="${API_BASE_META}"]`)?.content);
}
