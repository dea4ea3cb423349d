import { describe, expect, it } from 'vitest';
import { repeatRule } from './repeat-rule';

describe('repeat rules', () => {
  it('writes the RRULE of each choice from the first visit’s date', () => {
    expect(repeatRule({ kind: 'none' }, '2026-03-10')).toBeNull();
    expect(repeatRule({ kind: 'weekly' }, '2026-03-10')).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(repeatRule({ kind: 'every_n_weeks', weeks: 3 }, '2026-03-10')).toBe('FREQ=WEEKLY;INTERVAL=3;BYDAY=TU');
    expect(repeatRule({ kind: 'monthly_by_day' }, '2026-03-10')).toBe('FREQ=MONTHLY;BYDAY=2TU');
    expect(repeatRule({ kind: 'monthly_by_day' }, '2026-03-31')).toBe('FREQ=MONTHLY;BYDAY=-1TU');
  });
});
