import { describe, expect, it } from 'vitest';
import { notificationTime, unreadBadge } from './when';

describe('notificationTime', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says how long ago, then the date', () => {
    expect(notificationTime(ago(10_000), now)).toBe('just now');
    expect(notificationTime(ago(5 * 60_000), now)).toBe('5 min. ago');
    expect(notificationTime(ago(3 * 3600_000), now)).toBe('3 hr. ago');
    expect(notificationTime(ago(26 * 3600_000), now)).toBe('yesterday');
    expect(notificationTime('2026-10-02T12:00:00Z', now)).toBe('Oct 2');
    expect(notificationTime('2025-10-02T12:00:00Z', now)).toBe('Oct 2, 2025');
  });
  it('badges at most 99+', () => {
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(100)).toBe('99+');
  });
});
