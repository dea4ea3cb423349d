import { describe, expect, it } from 'vitest';
import { dayInWords } from './calendar-day';

describe('dayInWords', () => {
  it('reads the day as written, whatever the reader’s zone', () => {
    expect(dayInWords('2026-03-08')).toBe('March 8, 2026');
    expect(dayInWords('2026-12-20', { short: true })).toBe('Dec 20, 2026');
    expect(dayInWords('2026-01-01', { short: true })).toBe('Jan 1, 2026');
  });
});
