import { describe, expect, it } from 'vitest';
import { bucketLabel, formatStorage } from './chart-format';

describe('analytics formats (spec 002 §9)', () => {
  it('storage on base 1024 with 2 decimals, 0 on the axis', () => {
    expect(formatStorage(0)).toBe('0 Bytes');
    expect(formatStorage(512)).toBe('512 Bytes');
    expect(formatStorage(1536)).toBe('1.50 KB');
    expect(formatStorage(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatStorage(1536, 0)).toBe('2 KB');
    expect(formatStorage(3 * 1024 ** 4)).toBe('3.00 TB');
  });
  it('bucket labels by day and by month', () => {
    expect(bucketLabel('2026-11-24', 'day')).toBe('Nov 24');
    expect(bucketLabel('2026-11-01', 'month')).toBe('Nov 2026');
  });
});
