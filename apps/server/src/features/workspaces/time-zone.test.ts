import { canonicalTimeZone, endOfLocalDay, isIanaTimeZone, localDate, startOfLocalDay, TIME_ZONE_INVALID, timeZoneNames, TimeZoneSchema, zoneOffsetMs } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';

/** The contract's time-zone math (packages/contract/src/time-zone.ts), which server and web share. */
const iso = (d: Date) => d.toISOString();
const hours = (isoDate: string, zone: string) => (endOfLocalDay(isoDate, zone).getTime() + 1 - startOfLocalDay(isoDate, zone).getTime()) / 3_600_000;

describe('endOfLocalDay', () => {
  it('is next local midnight minus 1 ms on an ordinary day, and UTC is UTC', () => {
    expect(iso(endOfLocalDay('2026-06-15', 'UTC'))).toBe('2026-06-15T23:59:59.999Z');
    expect(iso(endOfLocalDay('2026-06-15', 'America/New_York'))).toBe('2026-06-16T03:59:59.999Z');
    expect(iso(endOfLocalDay('2026-01-15', 'Europe/Warsaw'))).toBe('2026-01-15T22:59:59.999Z');
    // Across a month and a year end.
    expect(iso(endOfLocalDay('2026-12-31', 'Asia/Tokyo'))).toBe('2026-12-31T14:59:59.999Z');
  });

  it('America/New_York: 2026-03-08 has 23 hours and ends in EDT; 2026-11-01 has 25 and ends in EST', () => {
    expect(iso(startOfLocalDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(endOfLocalDay('2026-03-08', 'America/New_York'))).toBe('2026-03-09T03:59:59.999Z');
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(iso(startOfLocalDay('2026-11-01', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(endOfLocalDay('2026-11-01', 'America/New_York'))).toBe('2026-11-02T04:59:59.999Z');
    expect(hours('2026-11-01', 'America/New_York')).toBe(25);
    // The day before each change is an ordinary one in the old offset.
    expect(iso(endOfLocalDay('2026-03-07', 'America/New_York'))).toBe('2026-03-08T04:59:59.999Z');
    expect(iso(endOfLocalDay('2026-10-31', 'America/New_York'))).toBe('2026-11-01T03:59:59.999Z');
  });

  it('Europe/Warsaw: 2026-03-29 (23 h) and 2026-10-25 (25 h)', () => {
    expect(iso(endOfLocalDay('2026-03-29', 'Europe/Warsaw'))).toBe('2026-03-29T21:59:59.999Z');
    expect(hours('2026-03-29', 'Europe/Warsaw')).toBe(23);
    expect(iso(endOfLocalDay('2026-10-25', 'Europe/Warsaw'))).toBe('2026-10-25T22:59:59.999Z');
    expect(hours('2026-10-25', 'Europe/Warsaw')).toBe(25);
  });

  it("Australia/Lord_Howe's 30-minute shift: 2026-04-05 has 24.5 hours, 2026-10-04 has 23.5", () => {
    expect(iso(startOfLocalDay('2026-04-05', 'Australia/Lord_Howe'))).toBe('2026-04-04T13:00:00.000Z'); // +11:00
    expect(iso(endOfLocalDay('2026-04-05', 'Australia/Lord_Howe'))).toBe('2026-04-05T13:29:59.999Z'); // +10:30
    expect(hours('2026-04-05', 'Australia/Lord_Howe')).toBe(24.5);
    expect(iso(endOfLocalDay('2026-10-04', 'Australia/Lord_Howe'))).toBe('2026-10-04T12:59:59.999Z'); // +11:00
    expect(hours('2026-10-04', 'Australia/Lord_Howe')).toBe(23.5);
  });

  it('Pacific/Chatham (+12:45 / +13:45, changing at 02:45 and 03:45): 2026-04-05 and 2026-09-27', () => {
    expect(iso(startOfLocalDay('2026-04-05', 'Pacific/Chatham'))).toBe('2026-04-04T10:15:00.000Z');
    expect(iso(endOfLocalDay('2026-04-05', 'Pacific/Chatham'))).toBe('2026-04-05T11:14:59.999Z');
    expect(hours('2026-04-05', 'Pacific/Chatham')).toBe(25);
    expect(iso(endOfLocalDay('2026-09-27', 'Pacific/Chatham'))).toBe('2026-09-27T10:14:59.999Z');
    expect(hours('2026-09-27', 'Pacific/Chatham')).toBe(23);
  });

  it('America/Santiago changes at midnight: the skipped 00:00 and the repeated hour before midnight', () => {
    // 2026-09-06: Saturday 23:59:59 (−04) is followed by Sunday 01:00 (−03): Sunday starts at the jump.
    expect(iso(endOfLocalDay('2026-09-05', 'America/Santiago'))).toBe('2026-09-06T03:59:59.999Z');
    expect(iso(startOfLocalDay('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    // 2026-04-05: Sunday 00:00 (−03) falls back to Saturday 23:00 (−04): Saturday lasts until the second midnight.
    expect(iso(endOfLocalDay('2026-04-04', 'America/Santiago'))).toBe('2026-04-05T03:59:59.999Z');
    expect(localDate(new Date('2026-04-05T03:30:00Z'), 'America/Santiago')).toBe('2026-04-04');
    expect(hours('2026-04-04', 'America/Santiago')).toBe(25);
  });

  it('Pacific/Apia skipped 2011-12-30 altogether: that day ends where 2011-12-29 does', () => {
    expect(iso(endOfLocalDay('2011-12-29', 'Pacific/Apia'))).toBe('2011-12-30T09:59:59.999Z');
    expect(iso(endOfLocalDay('2011-12-30', 'Pacific/Apia'))).toBe('2011-12-30T09:59:59.999Z');
    expect(iso(startOfLocalDay('2011-12-31', 'Pacific/Apia'))).toBe('2011-12-30T10:00:00.000Z');
  });

  it('every day of 2026 in each zone ends 1 ms before the next begins, on that day, and the next instant is the next day', () => {
    for (const zone of ['America/New_York', 'Europe/Warsaw', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Santiago', 'Asia/Kolkata']) {
      for (let d = Date.UTC(2026, 0, 1); d < Date.UTC(2027, 0, 1); d += 86_400_000) {
        const day = new Date(d).toISOString().slice(0, 10);
        const end = endOfLocalDay(day, zone);
        expect(localDate(end, zone), `${zone} ${day}`).toBe(day);
        expect(localDate(end.getTime() + 1, zone) > day, `${zone} ${day}`).toBe(true);
      }
    }
  });

  it('refuses what is not a calendar date', () => {
    expect(() => endOfLocalDay('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => endOfLocalDay('26-1-1', 'UTC')).toThrow(RangeError);
    expect(() => endOfLocalDay('2026-06-15', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('localDate', () => {
  it('is the calendar date of an instant in the zone', () => {
    const instant = new Date('2026-03-08T04:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-03-08');
    expect(localDate(instant, 'America/New_York')).toBe('2026-03-07');
    expect(localDate(instant, 'Pacific/Chatham')).toBe('2026-03-08');
    expect(localDate(new Date('2026-12-31T23:30:00Z'), 'Europe/Warsaw')).toBe('2027-01-01');
    // The instant just before New York's spring-forward and just after.
    expect(localDate(new Date('2026-03-09T03:59:59.999Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-09T04:00:00.000Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('reads offsets: Warsaw +1 h in winter, +2 h in summer; Lord Howe +10:30 / +11', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'Europe/Warsaw')).toBe(3_600_000);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Europe/Warsaw')).toBe(7_200_000);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Australia/Lord_Howe')).toBe(10.5 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * 3_600_000);
  });
});

/** What `fn` returns and how many Intl.DateTimeFormats it made (Intl.DateTimeFormat behind a counting Proxy meanwhile). */
function formattersMadeBy<T>(fn: () => T): { result: T; made: number } {
  const Original = Intl.DateTimeFormat;
  let made = 0;
  Intl.DateTimeFormat = new Proxy(Original, {
    construct: (target, args) => {
      made++;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    return { result: fn(), made };
  } finally {
    Intl.DateTimeFormat = Original;
  }
}

describe('time-zone names', () => {
  it('knows IANA names and UTC; refuses offsets, junk and unknown names', () => {
    for (const zone of ['UTC', 'Europe/Warsaw', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'Asia/Calcutta']) expect(isIanaTimeZone(zone), zone).toBe(true);
    for (const zone of ['', '+01:00', '-05:00', 'Mars/Olympus', 'Europe/Warsaw ', 'x'.repeat(65), 42, null]) expect(isIanaTimeZone(zone), String(zone)).toBe(false);
    expect(canonicalTimeZone('europe/warsaw')).toBe('Europe/Warsaw');
  });

  it('the schema forms and the server share: trims, spells the name as the runtime does, says what is wrong', () => {
    expect(TimeZoneSchema.parse(' america/new_york ')).toBe('America/New_York');
    const bad = TimeZoneSchema.safeParse('Mars/Olympus');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(TIME_ZONE_INVALID);
  });

  it('asks the runtime once per name (a formatter costs ~0.1 ms): the same answers again, known names and unknown alike', () => {
    // Names no other test asks for: the server's tests share modules within a worker (isolate: false).
    const names = ['America/Argentina/Ushuaia', 'pacific/kiritimati', 'Mars/Phobos'];
    const ask = () => names.map((n) => [isIanaTimeZone(n), isIanaTimeZone(n) && canonicalTimeZone(n)]);
    const first = formattersMadeBy(ask);
    expect(first.result).toEqual([[true, 'America/Argentina/Ushuaia'], [true, 'Pacific/Kiritimati'], [false, false]]);
    expect(first.made).toBe(names.length);
    const again = formattersMadeBy(() => [ask(), ask(), ask()]);
    expect(again.result).toEqual([first.result, first.result, first.result]);
    expect(again.made).toBe(0);
    expect(() => canonicalTimeZone('Mars/Phobos')).toThrow(RangeError);
  });

  it('keeps a bounded number of names (clients choose them): past the bound a new name is answered right and not kept', () => {
    // 'america/chicago' in 2,500 spellings of its letters' case, more than the names kept: every one still understood.
    const base = 'america/chicago';
    const letters = [...base].flatMap((c, i) => (/[a-z]/.test(c) ? [i] : []));
    const spelling = (n: number) => [...base].map((c, i) => ((n >> letters.indexOf(i)) & 1 && letters.includes(i) ? c.toUpperCase() : c)).join('');
    for (let n = 0; n < 2_500; n++) expect(TimeZoneSchema.parse(spelling(n))).toBe('America/Chicago');
    // The memory is full: a name not seen yet makes a formatter each time it is asked; one kept before makes none.
    const unseen = formattersMadeBy(() => [TimeZoneSchema.parse(spelling(2_500)), TimeZoneSchema.parse(spelling(2_500))]);
    expect(unseen).toEqual({ result: ['America/Chicago', 'America/Chicago'], made: 4 });
    expect(formattersMadeBy(() => TimeZoneSchema.parse(spelling(0)))).toEqual({ result: 'America/Chicago', made: 0 });
    expect(TimeZoneSchema.safeParse('Mars/Deimos').success).toBe(false);
  });

  it('the list to choose from has UTC first, the IANA names, and a saved alias', () => {
    const names = timeZoneNames('Asia/Calcutta');
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Warsaw');
    expect(names).toContain('Asia/Calcutta');
    expect(new Set(names).size).toBe(names.length);
  });
});
