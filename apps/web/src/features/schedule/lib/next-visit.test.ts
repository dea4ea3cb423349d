import { describe, expect, it } from 'vitest';
import { nextVisitText } from './next-visit';

const base = { id: '00000000-0000-4000-8000-000000000001', local_date: '2026-03-12', all_day: false, start_time: '08:00', end_time: '11:00', status: 'scheduled', crews: ['North crew'] };

describe("a search hit's next visit", () => {
  it('reads as the day, wall-clock times and crews; all day and a visit under way say so', () => {
    expect(nextVisitText(base)).toBe('Next visit: Thu 2026-03-12 · 08:00–11:00 · North crew');
    expect(nextVisitText({ ...base, all_day: true, start_time: null, end_time: null, crews: [] })).toBe('Next visit: Thu 2026-03-12 · All day');
    expect(nextVisitText({ ...base, status: 'on_the_way', crews: ['A', 'B'] })).toBe('Next visit: Thu 2026-03-12 · 08:00–11:00 (on the way) · A, B');
  });
});
