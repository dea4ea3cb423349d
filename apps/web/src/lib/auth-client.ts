import { GoTrueClient } from '@supabase/auth-js';

/**
 * The one auth client of the app. The server implements the GoTrue subset at /auth/v1 (design.md §5), so
 * auth-js gives us the refresh timer, backoff, visibility pause, events and assurance levels unchanged.
 * Implicit flow: email links (confirmation, recovery) come back with the session in the URL hash.
 */
export const auth = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: 'fieldbook-auth',
  storage: window.localStorage,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
