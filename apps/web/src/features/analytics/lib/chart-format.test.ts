import { describe, expect, it } from 'vitest';
import { AR_AGING_LABELS } from '@fieldbook/contract';
import { agingAxisLabel, bucketLabel, formatStorage, moneyAxisDomain } from './chart-format';

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

  // Seen in the payments walk at 390 px: the A/R chart's five bucket names ran into each other under the bars, and with
  // nothing owed its money axis read "$0" four times (scaled to a fraction of a cent).
  it('A/R bucket names under the bars without "days" (the table keeps it); a money axis at least $0–$100', () => {
    expect(Object.values(AR_AGING_LABELS).map(agingAxisLabel)).toEqual(['Current', '1–30', '31–60', '61–90', '90+']);
    expect(moneyAxisDomain([0, 0, 0, 0, 0])).toEqual([0, 10_000]);
    expect(moneyAxisDomain([3, 30, 0])).toEqual([0, 10_000]);
    expect(moneyAxisDomain([])).toEqual([0, 10_000]);
    expect(moneyAxisDomain([0, 368_050, Number.NaN])).toEqual([0, 'auto']);
  });
});
