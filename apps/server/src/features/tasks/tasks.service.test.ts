import { describe, expect, it } from 'vitest';
import { earliestToday } from './tasks.service';

describe('earliestToday (due dates may not be before today)', () => {
  it('is the calendar date in the earliest time zone (UTC−12)', () => {
    expect(earliestToday(new Date('2030-06-15T18:00:00Z'))).toBe('2030-06-15');
    // 05:00 UTC on the 15th is still the 14th west of UTC: a user there may pick the 14th.
    expect(earliestToday(new Date('2030-06-15T05:00:00Z'))).toBe('2030-06-14');
  });
});
