import { GoTrueClient } from '@supabase/auth-js';
import { apiBaseUrl, isNativeApp, serverUrl } from './api-base';

const AUTH_PATH = '/auth/v1';
/** The auth API at the one API base (lib/api-base.ts): this origin in a browser, the absolute base in the app. */
const authUrl = () => `${apiBaseUrl() || window.location.origin}${AUTH_PATH}`;
const builtWith = authUrl();

/**
 * auth-js keeps the URL it was made with; Settings' API URL may change the base while the page is open, so each of
 * its requests is sent to the current one.
 */
function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
  const now = authUrl();
  if (url === null || now === builtWith || !url.startsWith(builtWith)) return globalThis.fetch(input, init);
  return globalThis.fetch(`${now}${url.slice(builtWith.length)}`, init);
}

/**
 * The one auth client of the app. The server implements the GoTrue subset at /auth/v1 (design.md §5), so
 * auth-js gives us the refresh timer, backoff, visibility pause, events and assurance levels unchanged.
 * Implicit flow: email links (confirmation, recovery) come back with the session in the URL hash.
 */
export const auth = new GoTrueClient({
  url: builtWith,
  // In the app the base may move while it runs (Settings' API URL): each request goes to the current one. A browser
  // keeps auth-js's own fetch (the base it was built with, re-read on the next load) — with the wrapper there,
  // happy-dom's fetch stopped honouring an abort in the request layer's tests (api-client.test.ts).
  ...(isNativeApp() ? { fetch: authFetch } : {}),
  storageKey: 'fieldbook-auth',
  storage: window.localStorage,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

/** An address of the web app for mail links (confirmation, recovery): this origin, or in the phone app the server's. */
export function appUrl(path: string): string {
  return serverUrl(path);
}
