/**
 * The service worker's cache of product API reads (vite.config.ts, `fieldbook-api`): the last-seen lists that open
 * offline. They are the signed-in user's data, kept by URL only (the token is not part of the key), so they go when
 * that user signs out or another one signs in on this browser.
 */
export const OFFLINE_API_CACHE = 'fieldbook-api';
const CACHED_FOR_KEY = 'fieldbook:offline-user';

export function clearOfflineApiCache(): void {
  try {
    localStorage.removeItem(CACHED_FOR_KEY);
  } catch {
    // Storage unavailable: nothing was recorded either.
  }
  if (typeof caches !== 'undefined') void caches.delete(OFFLINE_API_CACHE).catch(() => {});
}

/** Called when `userId` is signed in: another user's cached reads are dropped first. */
export function claimOfflineApiCache(userId: string): void {
  try {
    const before = localStorage.getItem(CACHED_FOR_KEY);
    if (before !== userId) {
      if (before !== null && typeof caches !== 'undefined') void caches.delete(OFFLINE_API_CACHE).catch(() => {});
      localStorage.setItem(CACHED_FOR_KEY, userId);
    }
  } catch {
    // Storage unavailable: the cache cannot be attributed, so it is not kept.
    if (typeof caches !== 'undefined') void caches.delete(OFFLINE_API_CACHE).catch(() => {});
  }
}
