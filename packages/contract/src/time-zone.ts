/**
 * The one home for time-zone math (design.md §4: instants are stored UTC; what a person reads or types is in the
 * workspace's zone). Server and web both use it. Plain Intl, no library: the runtimes' ICU data is the zone database
 * (Temporal is not in Node 24 without a flag, and no date library is a dependency).
 *
 * Zod-free on purpose: the signed-out sign-up form imports it through `@fieldbook/contract/time-zone` without pulling
 * zod onto the login route (the schema forms and server check a zone with is `TimeZoneSchema` in common.ts).
 */

/** The zone a workspace has when nobody said otherwise. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A calendar date as people type it: 'YYYY-MM-DD'. */
export type IsoDate = `${number}-${number}-${number}`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (creating one costs far more than formatting with it). */
function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      // h23, not hour12: false — with the latter V8 writes midnight as "24".
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** A wall-clock time (what a clock on the wall in some zone reads), to the second. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(instant: number, zone: string): WallTime {
  const out: Record<string, number> = {};
  for (const part of wallClockFormat(zone).formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC; +1 h for Warsaw in winter). */
export function zoneOffsetMs(instant: Date | number, zone: string): number {
  const t = Math.floor(+instant / 1000) * 1000;
  const w = wallClock(t, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - t;
}

const zoneSpellings = new Map<string, string | null>();
/** The IANA database has ~600 names; this leaves room for other spellings of them and for names that are no zone. */
const ZONE_NAMES_KEPT = 2_000;

/**
 * Whether this runtime's time-zone database (ICU: the browser's, Node's) knows `name`: an IANA name ('Europe/Warsaw')
 * or 'UTC' — not an offset ('+01:00', which Intl also takes since ES2024 but which carries no daylight-saving rules).
 * `Intl.supportedValuesOf('timeZone')` alone will not do: V8 leaves 'UTC' and every alias ('Asia/Calcutta') out.
 */
export function isIanaTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  return runtimeSpelling(name) !== null;
}

/** The runtime's spelling of a known zone ('europe/warsaw' → 'Europe/Warsaw'); call after isIanaTimeZone. */
export function canonicalTimeZone(zone: string): string {
  const spelled = runtimeSpelling(zone);
  if (spelled === null) throw new RangeError(`Invalid time zone specified: ${zone}`);
  return spelled;
}

/**
 * What the runtime makes of a zone name, kept per name: its spelling, or null when it knows no such zone. Asking
 * means making an Intl.DateTimeFormat, ~0.1 ms of CPU, and TimeZoneSchema asked twice for every request that carries a
 * zone (an analytics page: ~300 µs of the server's CPU a request, bench/README.md 2026-12-07 day). Bounded, because
 * names come from clients ('america/chicago', 'AMERICA/Chicago', … are all valid): past ZONE_NAMES_KEPT a new name is
 * answered without being kept.
 */
function runtimeSpelling(name: string): string | null {
  let spelled = zoneSpellings.get(name);
  if (spelled === undefined) {
    try {
      spelled = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      spelled = null;
    }
    if (zoneSpellings.size < ZONE_NAMES_KEPT) zoneSpellings.set(name, spelled);
  }
  return spelled;
}

/** The zone a browser (or the server) runs in, or UTC when it reports none this runtime knows. */
export function runtimeTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isIanaTimeZone(zone) ? canonicalTimeZone(zone) : DEFAULT_TIME_ZONE;
}

/**
 * The zones to choose from, by name: the runtime's IANA list with UTC first (V8's list lacks it) and `current` kept
 * when it is an alias the list leaves out, so a saved zone always shows as selected.
 */
export function timeZoneNames(current?: string): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([DEFAULT_TIME_ZONE, ...names]);
  if (current && isIanaTimeZone(current)) all.add(current);
  return [...all];
}

/** The wall-clock time in `zone` at `instant` (whole seconds). */
export function instantToWallTime(instant: Date, zone: string): WallTime {
  return wallClock(instant.getTime(), zone);
}

/**
 * The instant a wall-clock time in `zone` names. Around daylight-saving changes it does what Temporal's 'compatible'
 * disambiguation does: a time the change skips (2:30 on a spring-forward night) moves ahead by the gap (3:30
 * daylight time), and a time that happens twice (1:30 on a fall-back night) is the earlier one. (A recording's file
 * name written by the phone.)
 */
export function wallTimeToInstant(wall: WallTime, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offsets in force a day either side: a zone changes its offset at most once in that span.
  const before = zoneOffsetMs(asUtc - DAY, zone);
  const after = zoneOffsetMs(asUtc + DAY, zone);
  const matches = [...new Set([before, after])].map((offset) => asUtc - offset).filter((ms) => ms + zoneOffsetMs(ms, zone) === asUtc);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In the gap: read with the offset before the change, which lands the gap's length later on the wall clock.
  return new Date(asUtc - before);
}

/** The calendar date an instant falls on in `zone`: 'YYYY-MM-DD'. */
export function localDate(instant: Date | number, zone: string): IsoDate {
  const w = wallClock(+instant, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}` as IsoDate;
}

function parseIsoDate(isoDate: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over into March: a date that does not exist is refused, not moved.
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== isoDate) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  return ms;
}

/**
 * What the zone's clocks do within 15 hours of `wallMs` read as UTC (offsets lie between −12 h and +14 h, so every
 * instant that day's wall-clock times fall on is inside): the offsets in effect and the instants they change. Sampled
 * at both ends and the middle; where two samples differ, the span is halved down to the second of the change.
 */
function clocksNear(wallMs: number, zone: string): { offsets: Set<number>; changes: number[] } {
  const offsets = new Set<number>();
  const changes: number[] = [];
  const walk = (lo: number, oLo: number, hi: number, oHi: number) => {
    offsets.add(oLo).add(oHi);
    if (oLo === oHi) return;
    if (hi - lo <= 1000) {
      changes.push(hi);
      return;
    }
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    const oMid = zoneOffsetMs(mid, zone);
    walk(lo, oLo, mid, oMid);
    walk(mid, oMid, hi, oHi);
  };
  const lo = wallMs - 15 * HOUR;
  const hi = wallMs + 15 * HOUR;
  const oMid = zoneOffsetMs(wallMs, zone);
  walk(lo, zoneOffsetMs(lo, zone), wallMs, oMid);
  walk(wallMs, oMid, hi, zoneOffsetMs(hi, zone));
  return { offsets, changes };
}

/**
 * The first instant of the calendar day `isoDate` in `zone`: when the zone's clocks cross into that day. Usually
 * local midnight; where the clocks skip midnight (a daylight-saving change at 00:00, Chile's) the moment they jump;
 * where they fall back across midnight and show the day before again, the last crossing — so the days
 * [startOfLocalDay(d), startOfLocalDay(d + 1)) follow each other without overlap.
 */
export function startOfLocalDay(isoDate: string, zone: string): Date {
  const wall = parseIsoDate(isoDate);
  const { offsets, changes } = clocksNear(wall, zone);
  // Where the clocks can cross into the day: where they read its 00:00 under one of the offsets, and where they change.
  const candidates = [...[...offsets].map((offset) => wall - offset), ...changes];
  let start: number | null = null;
  for (const t of candidates) {
    const crosses = localDate(t - 1, zone) < isoDate && localDate(t, zone) >= isoDate;
    if (crosses && (start === null || t > start)) start = t;
  }
  // Unreachable for a real zone (the clocks reach every day or jump past it); kept honest rather than guessed.
  if (start === null) throw new RangeError(`No start of ${isoDate} found in ${zone}`);
  return new Date(start);
}

/**
 * The last instant of the calendar day `isoDate` in `zone`: the next day's start minus 1 ms. "Valid until 2026-03-08"
 * in New York means until 2026-03-08T23:59:59.999-04:00 (that day is 23 hours long).
 */
export function endOfLocalDay(isoDate: string, zone: string): Date {
  const next = new Date(parseIsoDate(isoDate) + DAY).toISOString().slice(0, 10);
  return new Date(startOfLocalDay(next, zone).getTime() - 1);
}

/**
 * Quiet hours: automatic messages to clients (visit messages, follow-ups, invoice reminders) go only between these
 * local hours of the workspace's zone — from inclusive, until exclusive — never in the client's night.
 */
export const QUIET_HOURS = { from: 8, until: 20 } as const;

/**
 * The first instant at or after `at` inside the allowed hours on the zone's clock: `at` itself when it is inside,
 * else the allowed hours' start that morning (before it) or the next morning (after them). A message due at 21:30
 * goes at 8:00. The start is a wall-clock time, so it stays 8:00 local on daylight-saving change days.
 */
export function nextAllowedInstant(at: Date, zone: string, hours: { from: number; until: number } = QUIET_HOURS): Date {
  const wall = instantToWallTime(at, zone);
  if (wall.hour >= hours.from && wall.hour < hours.until) return at;
  // The calendar day to start on, by UTC date arithmetic on the wall-clock date (no zone involved).
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + (wall.hour < hours.from ? 0 : 1)));
  return wallTimeToInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: hours.from, minute: 0, second: 0 }, zone);
}
