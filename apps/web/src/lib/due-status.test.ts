import { describe, expect, it } from 'vitest';
import { daysUntil, dueLabel, dueStatus, localIsoDate } from './due-status';

describe('dueStatus', () => {
  const today = '2025-03-10';
  it.each([
    ['2025-03-09', 'overdue'],
    ['2024-12-31', 'overdue'],
    ['2025-03-10', 'today'],
    ['2025-03-11', 'soon'],
    ['2025-03-12', 'soon'],
    ['2025-03-13', 'future'],
    ['2026-01-01', 'future'],
  ] as const)('%s is %s when today is 2025-03-10', (date, expected) => {
    expect(dueStatus(date, today)).toBe(expected);
  });

  it('is none without a date or with an unreadable one', () => {
    expect(dueStatus(null, today)).toBe('none');
    expect(dueStatus(undefined, today)).toBe('none');
    expect(dueStatus('', today)).toBe('none');
    expect(dueStatus('next week', today)).toBe('none');
  });

  it('counts calendar days across month, year and DST boundaries', () => {
    expect(daysUntil('2025-04-01', '2025-03-30')).toBe(2);
    expect(dueStatus('2025-01-01', '2024-12-31')).toBe('soon');
    expect(daysUntil('2025-03-31', '2025-03-29')).toBe(2); // EU DST change on 2025-03-30
  });

  it('reads "today" from a Date as its local calendar date, and ignores a timestamp tail', () => {
    const lateEvening = new Date(2025, 2, 10, 23, 59);
    expect(localIsoDate(lateEvening)).toBe('2025-03-10');
    expect(dueStatus('2025-03-10', lateEvening)).toBe('today');
    expect(dueStatus('2025-03-10T00:00:00.000Z', today)).toBe('today');
  });
});

describe('dueLabel', () => {
  it('names the day', () => {
    expect(dueLabel('2025-03-03', '2025-03-10')).toBe('Overdue · Mar 3');
    expect(dueLabel('2025-03-10', '2025-03-10')).toBe('Due today');
    expect(dueLabel('2025-03-11', '2025-03-10')).toBe('Due tomorrow');
    expect(dueLabel('2025-12-25', '2025-03-10')).toBe('Due Dec 25');
    expect(dueLabel(null, '2025-03-10')).toBe('No due date');
    expect(dueLabel('2025-03-03', '2025-03-10', { isDone: true })).toBe('Due Mar 3');
  });
});
