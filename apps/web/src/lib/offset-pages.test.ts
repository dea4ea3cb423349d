import { describe, expect, it } from 'vitest';
import { loadedRows, nextOffset } from './offset-pages';

type P = { rows: { id: string }[]; total: number };
const page = (ids: string[], total: number): P => ({ rows: ids.map((id) => ({ id })), total });
const rowsOf = (p: P) => p.rows;

describe('nextOffset', () => {
  it('asks for the next fixed-size slice while fewer than total are loaded', () => {
    expect(nextOffset([page(['a', 'b'], 5)], 2, rowsOf)).toBe(2);
    expect(nextOffset([page(['a', 'b'], 5), page(['c', 'd'], 5)], 2, rowsOf)).toBe(4);
  });
  it('stops when every row is loaded, or a page comes back empty', () => {
    expect(nextOffset([page(['a', 'b'], 2)], 2, rowsOf)).toBeUndefined();
    expect(nextOffset([page(['a', 'b'], 9), page([], 9)], 2, rowsOf)).toBeUndefined();
    expect(nextOffset([], 2, rowsOf)).toBeUndefined();
  });
});

describe('loadedRows', () => {
  it('joins the pages and keeps each row once', () => {
    expect(loadedRows([page(['a', 'b'], 4), page(['b', 'c'], 4)], rowsOf).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(loadedRows(undefined, rowsOf)).toEqual([]);
  });
});
