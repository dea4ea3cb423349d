import { describe, expect, it } from 'vitest';
import { nextPageOffset, tablePage } from './paging';

describe('nextPageOffset (Load More Jobs)', () => {
  it('offers the next page at offset page*5 when a full page of 5 came back', () => {
    expect(nextPageOffset(5, 1)).toBe(5);
    expect(nextPageOffset(5, 3)).toBe(15);
  });

  it('offers nothing after a short or empty page', () => {
    expect(nextPageOffset(4, 1)).toBeUndefined();
    expect(nextPageOffset(0, 2)).toBeUndefined();
  });

  it('uses the page size it is given', () => {
    expect(nextPageOffset(10, 2, 10)).toBe(20);
    expect(nextPageOffset(9, 2, 10)).toBeUndefined();
  });
});

describe('tablePage (jobs table, pages of 10)', () => {
  it('describes the first of several pages', () => {
    expect(tablePage(0, 10, 42)).toEqual({ page: 0, pageCount: 5, from: 1, to: 10, hasPrevious: false, hasNext: true });
  });

  it('describes a middle page and the short last page', () => {
    expect(tablePage(10, 10, 42)).toMatchObject({ page: 1, from: 11, to: 20, hasPrevious: true, hasNext: true });
    expect(tablePage(40, 2, 42)).toMatchObject({ page: 4, from: 41, to: 42, hasPrevious: true, hasNext: false });
  });

  it('has no next page when the total fits exactly and no rows when empty', () => {
    expect(tablePage(10, 10, 20).hasNext).toBe(false);
    expect(tablePage(0, 0, 0)).toEqual({ page: 0, pageCount: 1, from: 0, to: 0, hasPrevious: false, hasNext: false });
  });
});
