import { instantToWallTime, localDate, wallTimeToInstant, type WallTime } from '@fieldbook/contract';

/**
 * The one home of the board's time conversions (ADR 0012). @mantine/schedule positions events and answers drops with
 * dayjs in the browser's zone, so it is given wall-clock strings of the workspace's zone ('2026-03-08 09:00:00') and
 * never instants: a visit at 9:00 in Chicago shows at 09:00 whatever zone the browser is in, on both sides of a
 * daylight-saving change. The zone math itself is the contract's (plain Intl), as on the server.
 */

/** A board time: 'YYYY-MM-DD HH:mm:ss' in the workspace's zone. */
export type BoardTime = string;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function format(w: WallTime): BoardTime {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

function parse(value: BoardTime): WallTime {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) throw new RangeError(`Not a board time (YYYY-MM-DD HH:mm:ss): ${value}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0) };
}

/** A UTC instant (the server's `starts_at`) as the workspace's wall clock. */
export function toBoardTime(instant: string, zone: string): BoardTime {
  return format(instantToWallTime(new Date(instant), zone));
}

/** A wall-clock time of the workspace (a drop, what the dialog's fields say) as the UTC instant the server takes. */
export function fromBoardTime(value: BoardTime, zone: string): string {
  return wallTimeToInstant(parse(value), zone).toISOString();
}

/** A local date and 'HH:MM' as a board time. */
export function boardTimeOf(date: string, time: string): BoardTime {
  return `${date} ${time}:00`;
}

/** The wall-clock minutes between two board times (a visit 9:00–11:00 lasts 120 on a clock-change day too). */
export function wallMinutesBetween(start: BoardTime, end: BoardTime): number {
  const a = parse(start);
  const b = parse(end);
  return (Date.UTC(b.year, b.month - 1, b.day, b.hour, b.minute) - Date.UTC(a.year, a.month - 1, a.day, a.hour, a.minute)) / 60_000;
}

/** A board time moved by wall-clock minutes. */
export function addWallMinutes(value: BoardTime, minutes: number): BoardTime {
  const w = parse(value);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute + minutes, w.second));
  return format({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() });
}

/** A calendar date moved by days ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the date's week (the board's weeks start on Monday, as the week view's default). */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** Today in the workspace's zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return localDate(now, zone);
}

/** '08:00'–'10:00' as people read it: '8:00–10:00 am', '11:30 am–1:00 pm'. */
export function formatWindow(start: string, end: string): string {
  const part = (t: string) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    return { text: `${((h + 11) % 12) + 1}:${pad(m)}`, half: h < 12 ? 'am' : 'pm' };
  };
  const a = part(start);
  const b = part(end);
  return a.half === b.half ? `${a.text}–${b.text} ${b.half}` : `${a.text} ${a.half}–${b.text} ${b.half}`;
}

/** The 'HH:MM' of a board time. */
export function timeOf(value: BoardTime): string {
  return value.slice(11, 16);
}

/** The 'YYYY-MM-DD' of a board time. */
export function dateOf(value: BoardTime): string {
  return value.slice(0, 10);
}

/** The first day of the date's month. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The same day `months` months on, kept inside the month (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The month view's days: the six Monday-to-Sunday weeks from the week of the month's first day (42 days). */
export function monthGridRange(date: string): { from: string; to: string } {
  const from = weekStart(monthStart(date));
  return { from, to: addDays(from, 41) };
}

/** 'March 2026'. */
export function monthLabel(date: string): string {
  return new Date(`${monthStart(date)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
