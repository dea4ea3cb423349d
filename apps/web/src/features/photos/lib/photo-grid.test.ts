import { describe, expect, it } from 'vitest';
import { makePhoto } from '../components/photo-fixtures';
import { columnsFor, photoRows, photoRowsByDay } from './photo-grid';

describe('the grid’s rows', () => {
  it('three columns on a 390 px phone, one per ~160 px wider, at most 8', () => {
    expect(columnsFor(0)).toBe(3);
    expect(columnsFor(358)).toBe(3);
    expect(columnsFor(800)).toBe(5);
    expect(columnsFor(4000)).toBe(8);
  });

  it('rows of N, and by the workspace’s day with a heading each', () => {
    const photos = [1, 2, 3, 4].map((n) => makePhoto(n, { taken_at: n < 4 ? '2026-03-15T02:00:00.000Z' : '2026-03-13T12:00:00.000Z' }));
    expect(photoRows(photos, 3).map((r) => (r.kind === 'photos' ? r.photos.length : 0))).toEqual([3, 1]);
    const byDay = photoRowsByDay(photos, 3, 'America/Chicago');
    expect(byDay.map((r) => (r.kind === 'day' ? r.day : r.photos.length))).toEqual(['2026-03-14', 3, '2026-03-13', 1]);
  });
});
