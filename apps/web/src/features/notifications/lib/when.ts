const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** When a notification came, as a person says it: "just now", "5 min. ago", "3 hr. ago", "yesterday", then the date. */
export function notificationTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return rtf.format(-days, 'day');
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(at.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}) });
}

/** The bell's badge: the count, or "99+" past 99 (the server counts up to 100). */
export const unreadBadge = (n: number) => (n > 99 ? '99+' : String(n));
