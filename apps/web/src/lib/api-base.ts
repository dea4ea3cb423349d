// The zod-free part of the contract: this module is in the entry chunk (see client-config.ts).
import { CLIENT_CONFIG_PATH, httpOrigin } from '@fieldbook/contract/client-config';
import { LOCAL_KEYS, resolveApiBaseUrl, storedAllowedOrigins, storedApiBase } from './local-settings';
import { builtInApiBase, isNativeApp, normalizeApiBase } from './native-platform';

/**
 * The one home of the API base (spec 000 §7): where every request of the app goes — the JSON client (api-client.ts),
 * auth-js (auth-client.ts), uploads, file bytes and the assistant's stream (all through `rawApiAccess`).
 *
 * - In a browser: this origin ('' — same-origin requests), unless the stored API URL (localStorage `apiBaseUrl`) points
 *   at an origin the deployment allows (`resolveApiBaseUrl`, the server's API_ALLOWED_ORIGINS rule).
 * - In the Capacitor app (`Capacitor.isNativePlatform()`): this origin is the app's own files (https://localhost), so the
 *   base is always absolute: the stored one, stored from the built-in default when absent (spec 000: "apiBaseUrl is
 *   stored locally if absent"). The built-in default is the build's `VITE_API_BASE`, written into index.html's
 *   `<meta name="fieldbook-api-base">`. A stored address is obeyed when its origin is the default's or one the default
 *   server allows (its /api/client-config `api_origins`, the same list Settings' API URL is checked against on save).
 */

export { API_BASE_META, builtInApiBase, detectNativePlatform, isNativeApp, normalizeApiBase, resetNativeAppForTests, type CapacitorWindow } from './native-platform';

/**
 * The app's base: the stored address when its origin is the built-in default's or one the default server allows,
 * else the default. A build without a default has nothing to check against and uses the stored address (only the app
 * writes it: the default, or an API URL the server accepted in Settings).
 */
export function resolveNativeApiBase(stored: string | null | undefined, opts: { builtIn: string | null; allowedOrigins: readonly string[] }): string {
  const value = normalizeApiBase(stored);
  if (value) {
    if (!opts.builtIn) return value;
    const origin = httpOrigin(value);
    if (origin && (origin === httpOrigin(opts.builtIn) || opts.allowedOrigins.includes(origin))) return value;
  }
  return opts.builtIn ?? '';
}

/** The API base every request uses now ('' = this origin). In the app, stores the default when nothing is stored. */
export function apiBaseUrl(): string {
  if (!isNativeApp()) {
    return resolveApiBaseUrl(storedApiBase(), { isDev: import.meta.env.DEV, selfOrigin: location.origin, allowedOrigins: storedAllowedOrigins() });
  }
  const builtIn = builtInApiBase();
  let stored = storedApiBase();
  if (!normalizeApiBase(stored) && builtIn) {
    try {
      localStorage.setItem(LOCAL_KEYS.apiBase, builtIn);
    } catch {
      // Storage off: the default applies all the same.
    }
    stored = builtIn;
  }
  return resolveNativeApiBase(stored, { builtIn, allowedOrigins: storedAllowedOrigins() });
}

/** An absolute address of the server for `path` (mail links, the server's own pages): the base's origin, else this page's. */
export function serverUrl(path: string): string {
  const origin = isNativeApp() ? httpOrigin(apiBaseUrl()) : null;
  return `${origin ?? window.location.origin}${path}`;
}

/**
 * Where the deployment's allowed API origins are asked (GET /api/client-config): this origin in a browser; in the app
 * the built-in default's server (the one that vouches for other addresses), else the current base.
 */
export function clientConfigUrl(): string {
  if (!isNativeApp()) return CLIENT_CONFIG_PATH;
  return `${builtInApiBase() ?? apiBaseUrl()}${CLIENT_CONFIG_PATH}`;
}
