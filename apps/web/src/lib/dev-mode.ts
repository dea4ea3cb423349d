/** Development helpers (debug strip, auth debug panel) show in dev builds or with localStorage forceDevMode = 'true'. */
export function isDevMode(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return globalThis.localStorage?.getItem('forceDevMode') === 'true';
  } catch {
    return false;
  }
}
