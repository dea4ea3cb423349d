/** Due status by whole calendar days from today (spec 001 §4). */
export type DueStatus = 'overdue' | 'today' | 'soon' | 'future' | 'none';

/** "Soon" means due within this many days after today (spec 001 §9). */
export const DUE_SOON_DAYS = 2;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DAY_MS = 86_400_000;

/** The local calendar date of `d` as 'YYYY-MM-DD' (a crew's "today" is their own, not UTC's). */
export function localIsoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Days since the epoch of a 'YYYY-MM-DD…' string, read as a calendar date (no time zone, no DST). */
function dayNumber(value: string): number | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

/** Whole days from `today` to `date` (negative = past); null when there is no readable date. */
export function daysUntil(date: string | null | undefined, today: Date | string = new Date()): number | null {
  if (!date) return null;
  const due = dayNumber(date);
  const now = dayNumber(typeof today === 'string' ? today : localIsoDate(today));
  return due === null || now === null ? null : due - now;
}

export function dueStatus(date: string | null | undefined, today: Date | string = new Date()): DueStatus {
  const days = daysUntil(date, today);
  if (days === null) return 'none';
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  if (days <= DUE_SOON_DAYS) return 'soon';
  return 'future';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → "Mar 3". */
export function shortDate(date: string): string {
  const m = ISO_DATE.exec(date);
  return m ? `${MONTHS[Number(m[2]) - 1] ?? ''} ${Number(m[3])}` : date;
}

/**
 * A short label for a due date: "Overdue · Mar 3", "Due today", "Due tomorrow", "Due Mar 9".
 * A finished task is never overdue: its label is just "Due Mar 3".
 */
export function dueLabel(date: string | null | undefined, today: Date | string = new Date(), { isDone = false } = {}): string {
  const days = daysUntil(date, today);
  if (days === null || !date) return 'No due date';
  const short = shortDate(date);
  if (isDone) return `Due ${short}`;
  if (days < 0) return `Overdue · ${short}`;
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  return `Due ${short}`;
}
