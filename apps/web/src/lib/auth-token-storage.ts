/**
 * The browser-stored copies of the access token (spec 000 §3: authToken and supabaseToken, plus a cookie).
 * The session itself lives in auth-js storage; these copies exist for the mobile wrapper and legacy callers.
 */
const TOKEN_KEYS = ['authToken', 'supabaseToken'] as const;
const COOKIE_NAME = 'authToken';
/** Token cookie lifetime (spec 000 §9). */
export const TOKEN_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

export function storeAuthToken(token: string | null | undefined): boolean {
  if (!token || !token.trim()) {
    console.warn('Refusing to store an empty auth token');
    return false;
  }
  for (const key of TOKEN_KEYS) localStorage.setItem(key, token);
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${TOKEN_COOKIE_MAX_AGE_S}; Path=/; SameSite=Strict${secure}`;
  return true;
}

export function readStoredAuthToken(): string | null {
  for (const key of TOKEN_KEYS) {
    const value = localStorage.getItem(key);
    if (value) return value;
  }
  return null;
}

export function clearStoredAuthToken(): void {
  for (const key of TOKEN_KEYS) localStorage.removeItem(key);
  document.cookie = `${COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Strict`;
}
