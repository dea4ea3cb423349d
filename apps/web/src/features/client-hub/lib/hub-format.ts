import type { HubVisit } from '@fieldbook/contract';

/**
 * Dates and times on the hub, in the workspace's zone (never the reader's: a client travelling reads the times the
 * crew arrives at their house). Instants are formatted in `zone`; a wall-clock 'HH:MM' (an arrival window) and a local
 * day ('YYYY-MM-DD') are already the workspace's and are only put in words.
 */
const dayFormat = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });

/** A local day in words: "Thu, Mar 12, 2026". */
export function localDayInWords(isoDate: string): string {
  return dayFormat('UTC').format(new Date(`${isoDate}T12:00:00Z`));
}

/** 'HH:MM' (24 h) as "8:00 AM". */
export function wallClockInWords(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return timeFormat('UTC').format(new Date(Date.UTC(2000, 0, 1, h, m)));
}

/** When a visit is: its day(s), and for a timed visit its start and end on the workspace's clock. */
export function visitWhen(visit: HubVisit, zone: string): string {
  if (visit.all_day) {
    const first = localDayInWords(visit.local_date);
    return visit.end_local_date !== visit.local_date ? `${first} – ${localDayInWords(visit.end_local_date)} (all day)` : `${first} (all day)`;
  }
  const start = new Date(visit.starts_at);
  return `${dayFormat(zone).format(start)} · ${timeFormat(zone).format(start)} – ${timeFormat(zone).format(new Date(visit.ends_at))}`;
}

/** The arrival window in words, or null when the visit has none. */
export function arrivalWindow(visit: HubVisit): string | null {
  return visit.arrival_start && visit.arrival_end ? `Arrival between ${wallClockInWords(visit.arrival_start)} and ${wallClockInWords(visit.arrival_end)}` : null;
}

/** A US number as people write it, "(512) 555-0100" (stored as +1 and ten digits, or ten digits); anything else as stored. */
export function phoneInWords(phone: string): string {
  const d = /^(?:\+?1)?(\d{3})(\d{3})(\d{4})$/.exec(phone.replace(/[\s().-]/g, ''));
  return d ? `(${d[1]}) ${d[2]}-${d[3]}` : phone;
}

/**
 * An instant in words on the workspace's clock, "March 10, 2026 at 9:30 PM" — the client pages' (the hub's, a quote's
 * signing time); without a zone (an older server's answer) the reader's.
 */
export function momentInWords(iso: string, zone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}
