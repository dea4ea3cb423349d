import { describe, expect, it } from 'vitest';
import { instantToWallTime, wallTimeToInstant } from './time-zone';

const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => ({ year: y, month: mo, day: d, hour: h, minute: mi, second: s });

describe('wallTimeToInstant', () => {
  it('reads a wall-clock time in the zone: 3:30 PM in Chicago is 21:30 UTC in winter, 20:30 in summer', () => {
    expect(wallTimeToInstant(at(2026, 11, 24, 15, 30, 12), 'America/Chicago').toISOString()).toBe('2026-11-24T21:30:12.000Z');
    expect(wallTimeToInstant(at(2026, 7, 4, 15, 30), 'America/Chicago').toISOString()).toBe('2026-07-04T20:30:00.000Z');
    expect(wallTimeToInstant(at(2026, 11, 24, 15, 30), 'UTC').toISOString()).toBe('2026-11-24T15:30:00.000Z');
    expect(wallTimeToInstant(at(2026, 11, 24, 9, 0), 'Asia/Kolkata').toISOString()).toBe('2026-11-24T03:30:00.000Z');
    expect(wallTimeToInstant(at(2026, 1, 1, 0, 0), 'Pacific/Auckland').toISOString()).toBe('2025-12-31T11:00:00.000Z');
  });

  it('around daylight saving: a time the spring-forward skips moves ahead by the gap; a repeated one is the first', () => {
    // Chicago, 8 March 2026: 2:00 CST → 3:00 CDT. 1:59 is CST, 3:00 CDT, 2:30 does not exist (read as 3:30 CDT).
    expect(wallTimeToInstant(at(2026, 3, 8, 1, 59), 'America/Chicago').toISOString()).toBe('2026-03-08T07:59:00.000Z');
    expect(wallTimeToInstant(at(2026, 3, 8, 3, 0), 'America/Chicago').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(wallTimeToInstant(at(2026, 3, 8, 2, 30), 'America/Chicago').toISOString()).toBe('2026-03-08T08:30:00.000Z');
    // Chicago, 1 November 2026: 2:00 CDT → 1:00 CST. 1:30 happens twice: the earlier (CDT) is taken; 2:30 is CST.
    expect(wallTimeToInstant(at(2026, 11, 1, 1, 30), 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(wallTimeToInstant(at(2026, 11, 1, 2, 30), 'America/Chicago').toISOString()).toBe('2026-11-01T08:30:00.000Z');
    // Berlin, 29 March 2026: 2:00 CET → 3:00 CEST.
    expect(wallTimeToInstant(at(2026, 3, 29, 2, 15), 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:15:00.000Z');
  });

  it('and back: the wall clock at an instant', () => {
    expect(instantToWallTime(new Date('2026-11-24T21:30:12Z'), 'America/Chicago')).toEqual(at(2026, 11, 24, 15, 30, 12));
    expect(instantToWallTime(new Date('2026-11-01T06:30:00Z'), 'America/Chicago')).toEqual(at(2026, 11, 1, 1, 30));
    expect(instantToWallTime(new Date('2026-11-24T21:30:12Z'), 'UTC')).toEqual(at(2026, 11, 24, 21, 30, 12));
  });
});
