import { describe, expect, it } from 'vitest';
import { makeVisit } from '../test/fixtures';
import { addMonths, monthGridRange, monthLabel } from './board-time';
import { visitsPerDay, visitsToMonthEvents } from './visit-events';

describe('the month view', () => {
  it('shows six Monday weeks from the week of the 1st, and moves by months kept inside the month', () => {
    expect(monthGridRange('2026-03-10')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    expect(monthGridRange('2026-06-30')).toEqual({ from: '2026-06-01', to: '2026-07-12' });
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(monthLabel('2026-03-10')).toBe('March 2026');
  });

  it('counts a visit on each local day it spans; one event per visit whatever its crews', () => {
    const crews = [
      { id: '00000000-0000-4000-8000-0000000000c1', name: 'A', colour: 'teal' as const },
      { id: '00000000-0000-4000-8000-0000000000c2', name: 'B', colour: 'blue' as const },
    ];
    const visits = [makeVisit({ crews }), makeVisit({ all_day: true, local_date: '2026-03-10', end_local_date: '2026-03-12' })];
    expect(Object.fromEntries(visitsPerDay(visits))).toEqual({ '2026-03-10': 2, '2026-03-11': 1, '2026-03-12': 1 });
    const events = visitsToMonthEvents(visits, 'America/Chicago');
    expect(events.map((e) => e.title)).toEqual(['09:00 Roof repair · Lopez', 'Roof repair · Lopez']);
    expect(events[1]!.end).toBe('2026-03-13 00:00:00');
  });
});
