/** `/login?redirect=/tasks?tab=search` (slashes kept readable; the rest encoded). */
export function loginPathFor(target: string): string {
  if (!target || target === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(target).replace(/%2F/gi, '/')}`;
}

/** Where to go after sign-in: a same-site path only (no open redirects), never back to an auth page. */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (/^\/(login|signup)(\/|\?|$)/.test(raw)) return '/';
  return raw;
}
