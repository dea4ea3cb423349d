import { instantToWallTime, localDate } from '@fieldbook/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOccurrencesBefore, endRuleBefore, expandOccurrences, ruleFromOccurrence, type SeriesRule } from './recurrence';

/**
 * Recurrence in local wall time across daylight-saving changes (issue 34). Run also with TZ=Asia/Tokyo (and any other
 * zone): the server's own zone must not matter — `TZ=Asia/Tokyo npx vitest run src/features/schedule/recurrence.test.ts`.
 */

// Both changes of 2026 and 2027 in each zone, as local dates (America/Chicago: 2nd Sunday of March, 1st of November;
// Europe/Berlin: last Sunday of March and of October).
const CHANGES: Record<string, string[]> = {
  'America/Chicago': ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07'],
  'Europe/Berlin': ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'],
};
const ZONES = Object.keys(CHANGES);
const DAY = 86_400_000;

const addDays = (isoDate: string, days: number) => new Date(Date.parse(isoDate) + days * DAY).toISOString().slice(0, 10);
const wallHm = (instant: Date, zone: string) => {
  const w = instantToWallTime(instant, zone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

describe('a repeating visit stays at its local time across daylight-saving changes', () => {
  it('the server runs the tests in the zone it was given (TZ), which plays no part in the results', () => {
    // Documents the run: with TZ=Asia/Tokyo this is Asia/Tokyo; the assertions below never read it.
    expect(typeof Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('string');
  });

  it('a daily 9:00 visit is at 9:00 local the day before and after each change, and its UTC instant moves by the hour', () => {
    for (const zone of ZONES) {
      for (const change of CHANGES[zone]!) {
        const rule: SeriesRule = { rrule: 'FREQ=DAILY', startDate: addDays(change, -3), startTime: '09:00', timeZone: zone };
        const occ = expandOccurrences(rule, { from: new Date(Date.parse(change) - 2 * DAY), to: new Date(Date.parse(change) + 3 * DAY) });
        const before = occ.find((o) => o.occurrenceDate === addDays(change, -1))!;
        const after = occ.find((o) => o.occurrenceDate === addDays(change, 1))!;
        expect(wallHm(before.startsAt, zone), `${zone} ${change} before`).toBe('09:00');
        expect(wallHm(after.startsAt, zone), `${zone} ${change} after`).toBe('09:00');
        // Two days of wall time apart, 48 h ± 1 h of real time: the change happened between them.
        expect(Math.abs(after.startsAt.getTime() - before.startsAt.getTime() - 2 * DAY), `${zone} ${change}`).toBe(3_600_000);
      }
    }
  });

  it('property: any daily/weekly/monthly rule at any HH:MM maps every occurrence back to that wall time and its own date', () => {
    const rrules = fc.constantFrom('FREQ=DAILY', 'FREQ=DAILY;INTERVAL=2', 'FREQ=WEEKLY', 'FREQ=WEEKLY;BYDAY=MO,TH', 'FREQ=MONTHLY;BYDAY=2TU', 'FREQ=MONTHLY;INTERVAL=3', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU');
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        rrules,
        // Hours outside the 2:00–3:00 gap and the repeated hour, which no single wall time can keep.
        fc.integer({ min: 4, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -40, max: -1 }),
        (zone, rrule, hour, minute, changeIndex, startOffset) => {
          const change = CHANGES[zone]![changeIndex]!;
          const startTime = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const startDate = addDays(change, startOffset);
          // A monthly rule from the 29th–31st skips the months without that day (RFC 5545): every third month from
          // January 31 has no occurrence until July 31, past the window. Such starts say nothing about the change.
          fc.pre(!(rrule.startsWith('FREQ=MONTHLY') && !rrule.includes('BYDAY') && Number(startDate.slice(8)) > 28));
          const rule: SeriesRule = { rrule, startDate, startTime, timeZone: zone };
          const occ = expandOccurrences(rule, { from: new Date(Date.parse(change) - 45 * DAY), to: new Date(Date.parse(change) + 120 * DAY) });
          expect(occ.length).toBeGreaterThan(0);
          // Both sides of the change are covered: the rule runs on for 120 days after it, and starts before it (its
          // DTSTART is an occurrence unless a BYDAY moves the first one to a later day).
          expect(occ.some((o) => o.occurrenceDate > change)).toBe(true);
          if (!rrule.includes('BYDAY')) expect(occ.some((o) => o.occurrenceDate < change)).toBe(true);
          for (const o of occ) {
            expect(wallHm(o.startsAt, zone)).toBe(startTime);
            expect(localDate(o.startsAt, zone)).toBe(o.occurrenceDate);
          }
          // In order, one per date.
          expect(new Set(occ.map((o) => o.occurrenceDate)).size).toBe(occ.length);
          expect(occ.map((o) => o.startsAt.getTime())).toEqual([...occ.map((o) => o.startsAt.getTime())].sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a monthly rule from January 31 skips the months without a 31st (RFC 5545), at 9:00 local', () => {
    const rule: SeriesRule = { rrule: 'FREQ=MONTHLY', startDate: '2026-01-31', startTime: '09:00', timeZone: 'America/Chicago' };
    const occ = expandOccurrences(rule, { from: new Date('2026-01-01Z'), to: new Date('2026-08-01Z') });
    expect(occ.map((o) => o.occurrenceDate)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
    expect(occ.map((o) => wallHm(o.startsAt, 'America/Chicago'))).toEqual(['09:00', '09:00', '09:00', '09:00']);
  });

  it('the second Tuesday every month at 9:00 in Chicago, through both changes of 2026', () => {
    const rule: SeriesRule = { rrule: 'FREQ=MONTHLY;BYDAY=2TU', startDate: '2026-01-13', startTime: '09:00', timeZone: 'America/Chicago' };
    const occ = expandOccurrences(rule, { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
    expect(occ.map((o) => o.occurrenceDate)).toEqual(['2026-01-13', '2026-02-10', '2026-03-10', '2026-04-14', '2026-05-12', '2026-06-09', '2026-07-14', '2026-08-11', '2026-09-08', '2026-10-13', '2026-11-10', '2026-12-08']);
    // 15:00Z in standard time (UTC−6), 14:00Z in daylight time (UTC−5).
    expect(occ.map((o) => o.startsAt.toISOString().slice(11, 16))).toEqual(['15:00', '15:00', '14:00', '14:00', '14:00', '14:00', '14:00', '14:00', '14:00', '14:00', '15:00', '15:00']);
  });

  it('splitting a series keeps its past occurrences and gives the rest to the new rule (COUNT carried over)', () => {
    const rule: SeriesRule = { rrule: 'FREQ=WEEKLY;COUNT=10', startDate: '2026-10-05', startTime: '09:00', timeZone: 'Europe/Berlin' };
    const all = expandOccurrences(rule, { from: new Date('2026-01-01Z'), to: new Date('2028-01-01Z') });
    expect(all).toHaveLength(10);
    const split = all[4]!;
    const first = expandOccurrences({ ...rule, rrule: endRuleBefore(rule.rrule, split.startsAt) }, { from: new Date('2026-01-01Z'), to: new Date('2028-01-01Z') });
    expect(first.map((o) => o.occurrenceDate)).toEqual(all.slice(0, 4).map((o) => o.occurrenceDate));
    const used = countOccurrencesBefore(rule, split.startsAt);
    expect(used).toBe(4);
    const rest = expandOccurrences({ ...rule, rrule: ruleFromOccurrence(rule.rrule, used), startDate: split.occurrenceDate }, { from: new Date('2026-01-01Z'), to: new Date('2028-01-01Z') });
    expect(rest.map((o) => o.occurrenceDate)).toEqual(all.slice(4).map((o) => o.occurrenceDate));
  });
});
