import { describe, expect, it } from 'vitest';
import { isStatusFilter } from './filter-tasks';

describe('status filter', () => {
  it('knows its status values', () => {
    expect(isStatusFilter('in progress')).toBe(true);
    expect(isStatusFilter('done')).toBe(false);
  });
});
