/**
 * Browser tests drive the BUILT app (`npm run build` first) in Debian's Chromium. The server runs from
 * apps/server/dist on its own port with a fresh data directory; tests create their own users.
 */
declare const _default: import("playwright/test").PlaywrightTestConfig<{}, {}>;
export default _default;
