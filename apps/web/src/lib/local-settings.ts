// The zod-free part of the contract: this module is in the entry chunk (see client-config.ts).
import { CLIENT_CONFIG_PATH, httpOrigin, readApiOrigins } from '@fieldbook/contract/client-config';
import type { UserSettings } from '@fieldbook/contract';
import { builtInApiBase, isNativeApp } from './native-platform';

/**
 * Browser copies of the user's settings (spec 001 §3 local storage keys) and of the deployment's allowed API
 * origins. The request layer reads the API base from here; sign-out clears the user's copies so the next person on
 * this browser starts from the defaults.
 */
export const LOCAL_KEYS = {
  apiBase: 'apiBaseUrl',
  notifications: 'notificationSettings',
  allowedOrigins: 'apiAllowedOrigins',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage off (private mode): the defaults apply.
  }
}

/**
 * The API base with no API URL set: nothing stored in a browser (this origin); in the Capacitor app the build's default,
 * stored (spec 000: "apiBaseUrl is stored locally if absent"; lib/api-base.ts).
 */
const defaultApiBase = (): string | null => (isNativeApp() ? builtInApiBase() : null);

export function storeSettingsLocally(settings: Pick<UserSettings, 'notifications_enabled' | 'email_notifications' | 'sms_notifications' | 'api_url'>): void {
  write(LOCAL_KEYS.notifications, JSON.stringify({ enabled: settings.notifications_enabled, email: settings.email_notifications, sms: settings.sms_notifications }));
  write(LOCAL_KEYS.apiBase, settings.api_url?.trim() || defaultApiBase());
}

/** "Reset to default": requests go to the default again (this origin, or the app's built-in), at once and without asking the (maybe unreachable) API. */
export function resetLocalApiBase(): void {
  write(LOCAL_KEYS.apiBase, defaultApiBase());
}

/** On sign-out: the user's copies go; the deployment's allowed origins stay (they are not the user's). */
export function clearLocalSettings(): void {
  write(LOCAL_KEYS.apiBase, defaultApiBase());
  write(LOCAL_KEYS.notifications, null);
}

export function storedApiBase(): string | null {
  return read(LOCAL_KEYS.apiBase);
}

export function storedAllowedOrigins(): string[] {
  try {
    const parsed = JSON.parse(read(LOCAL_KEYS.allowedOrigins) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

const LOCAL_HOST = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(:\d+)?(\/|$)/i;

/**
 * The API base: '' (this origin) unless a stored address points at an origin the deployment allows. Anything else
 * — a typo, an old server, a value saved before origins were checked — is ignored rather than obeyed: the page's
 * Content-Security-Policy would block every request to it, including the one that could undo it. Development
 * builds also keep localhost addresses (the Vite dev server talks to a local API).
 */
export function resolveApiBaseUrl(stored: string | null | undefined, opts: { isDev: boolean; selfOrigin: string; allowedOrigins: readonly string[] }): string {
  const value = stored?.trim().replace(/\/+$/, '') ?? '';
  if (!value) return '';
  const origin = httpOrigin(value);
  if (!origin) return '';
  if (opts.isDev && LOCAL_HOST.test(value)) return value;
  if (origin === opts.selfOrigin) return value === origin ? '' : value;
  return opts.allowedOrigins.includes(origin) ? value : '';
}

/**
 * Asks this origin which API origins the deployment allows (public, before sign-in) and keeps the answer for the
 * request layer. Same origin in a browser: a stored API base is what is being checked (in the app, `url` is the
 * built-in default server's, lib/api-base.ts `clientConfigUrl`).
 */
export async function loadAllowedOrigins(fetchFn: typeof fetch = globalThis.fetch, url: string = CLIENT_CONFIG_PATH): Promise<string[]> {
  const res = await fetchFn(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`client config: ${res.status}`);
  const api_origins = readApiOrigins(await res.json());
  write(LOCAL_KEYS.allowedOrigins, JSON.stringify(api_origins));
  return api_origins;
}
