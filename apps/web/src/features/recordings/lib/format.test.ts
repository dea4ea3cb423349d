import { describe, expect, it } from 'vitest';
import { formatClock } from './format';
import { parseNumberList } from './recorder-settings';

describe('recordings formats', () => {
  it('clock times for the transcript and durations', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.4)).toBe('1:15');
    expect(formatClock(3723)).toBe('1:02:03');
  });
  it('number lists of the recorder settings: digits (and a leading +), deduplicated, junk dropped', () => {
    expect(parseNumberList('(512) 555-0100, +1 737 555 0123\n5125550100; x')).toEqual(['5125550100', '+17375550123']);
  });
});
