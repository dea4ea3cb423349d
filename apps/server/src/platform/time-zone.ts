/**
 * Wall-clock times in IANA time zones, by Intl's offsets (Node 24 has full ICU; it has no Temporal yet).
 * Used where a client gives a local time without an offset, e.g. a recording's file name written by the phone.
 */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall time in `timeZone` at instant `ms`, as if it were UTC (milliseconds). */
function wallMsAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The wall-clock time in `timeZone` at `instant` (whole seconds). */
export function instantToWallTime(instant: Date, timeZone: string): WallTime {
  const d = new Date(wallMsAt(instant.getTime(), timeZone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** The zone's offset from UTC at instant `ms` (milliseconds, e.g. -6 h for Chicago in winter). */
const offsetAt = (ms: number, timeZone: string) => wallMsAt(ms - (ms % 1000), timeZone) - (ms - (ms % 1000));

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time in `timeZone` names. Around daylight-saving changes it does what Temporal's
 * 'compatible' disambiguation does: a time the change skips (2:30 on a spring-forward night) moves ahead by the
 * gap (3:30 daylight time), and a time that happens twice (1:30 on a fall-back night) is the earlier one.
 */
export function wallTimeToInstant(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offsets in force a day either side: a zone changes its offset at most once in that span.
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const matches = [...new Set([before, after])].map((offset) => asUtc - offset).filter((ms) => wallMsAt(ms, timeZone) === asUtc);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In the gap: read with the offset before the change, which lands the gap's length later on the wall clock.
  return new Date(asUtc - before);
}
