import { RRULE_INVALID, RRULE_TOO_FREQUENT } from '@fieldbook/contract';
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { fieldError } from '../../platform/errors';

/**
 * Recurrence of a repeating visit, in local wall time (issue 34): the rule runs from DTSTART = the first occurrence's
 * local date and wall-clock time in the series' zone (`rrule-temporal` over `temporal-polyfill`), so a 9:00 visit is
 * at 9:00 local on both sides of a daylight-saving change, and the server's own zone (TZ) plays no part. The plain
 * `rrule` package works in the process's zone and gets local times wrong when that is not UTC — not used.
 */

export type SeriesRule = {
  /** RRULE parts without DTSTART: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU'. */
  rrule: string;
  /** DTSTART's local date 'YYYY-MM-DD' and wall-clock time 'HH:MM' in `timeZone`. */
  startDate: string;
  startTime: string;
  timeZone: string;
};

/** One occurrence: the local date it falls on (its key in the series) and its start instant. */
export type Occurrence = { occurrenceDate: string; startsAt: Date };

/** Refuses at most this many occurrences in one expansion (a daily rule over the 120-day horizon is 120). */
const MAX_OCCURRENCES = 2000;

function dtstartOf(rule: SeriesRule): Temporal.ZonedDateTime {
  const [year, month, day] = rule.startDate.split('-').map(Number) as [number, number, number];
  const [hour, minute] = rule.startTime.split(':').map(Number) as [number, number];
  // 'compatible': a start in a spring-forward gap moves ahead by the gap, as the contract's wallTimeToInstant does.
  return Temporal.ZonedDateTime.from({ year, month, day, hour, minute, timeZone: rule.timeZone }, { disambiguation: 'compatible' });
}

function ruleOf(rule: SeriesRule): RRuleTemporal {
  try {
    return new RRuleTemporal({ rruleString: rule.rrule, dtstart: dtstartOf(rule), maxIterations: 10_000 });
  } catch {
    throw fieldError('recurrence.rrule', RRULE_INVALID);
  }
}

/** Checks a rule the contract's pattern let through: the library must read it, at most daily. 400 otherwise. */
export function assertValidRule(rule: SeriesRule): void {
  const parsed = ruleOf(rule);
  const freq = parsed.options().freq;
  if (freq === 'HOURLY' || freq === 'MINUTELY' || freq === 'SECONDLY') throw fieldError('recurrence.rrule', RRULE_TOO_FREQUENT);
  try {
    parsed.all((_, i) => i < 1);
  } catch {
    throw fieldError('recurrence.rrule', RRULE_INVALID);
  }
}

/** The occurrences starting in [from, to), in order. */
export function expandOccurrences(rule: SeriesRule, range: { from: Date; to: Date }): Occurrence[] {
  const hits = ruleOf(rule).between(range.from, new Date(range.to.getTime() - 1), true);
  if (hits.length > MAX_OCCURRENCES) throw new Error(`A series makes more than ${MAX_OCCURRENCES} visits in one range`);
  return hits.map((z) => ({ occurrenceDate: z.toPlainDate().toString(), startsAt: new Date(z.epochMilliseconds) }));
}

/** How many occurrences the rule has before `before` (from its first). */
export function countOccurrencesBefore(rule: SeriesRule, before: Date): number {
  return ruleOf(rule).between(new Date(0), new Date(before.getTime() - 1), true).length;
}

/** Whether the rule has any occurrence at or after `from`. */
export function hasOccurrenceFrom(rule: SeriesRule, from: Date): boolean {
  return ruleOf(rule).next(new Date(from.getTime() - 1)) !== null;
}

function parts(rrule: string): Map<string, string> {
  return new Map(rrule.split(';').map((p) => p.split('=') as [string, string]));
}
function join(map: Map<string, string>): string {
  const freq = map.get('FREQ');
  const rest = [...map].filter(([k]) => k !== 'FREQ').map(([k, v]) => `${k}=${v}`);
  return [`FREQ=${freq}`, ...rest].join(';');
}

/** The rule ended just before `end` (UNTIL in UTC, RFC 5545 for a zoned DTSTART): a series split there keeps its past. */
export function endRuleBefore(rrule: string, end: Date): string {
  const map = parts(rrule);
  map.delete('COUNT');
  map.set('UNTIL', new Date(end.getTime() - 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
  return join(map);
}

/** The rule of a series' second half: a COUNT left is what the first half did not use; an UNTIL stays. */
export function ruleFromOccurrence(rrule: string, usedBefore: number): string {
  const map = parts(rrule);
  const count = map.get('COUNT');
  if (count !== undefined) map.set('COUNT', String(Math.max(1, Number(count) - usedBefore)));
  return join(map);
}
