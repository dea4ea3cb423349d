import type { TaskList } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { loadedTasks, nextPageOffset, normalizeFilterText, showingCountText } from './task-pages';
import { makeTask } from '../../../test/factories';

const page = (count: number, total: number): TaskList => ({ tasks: Array.from({ length: count }, () => makeTask()), total });

describe('nextPageOffset', () => {
  it('asks for pages loaded × page size while fewer than the total are loaded', () => {
    expect(nextPageOffset([page(50, 120)], 50)).toBe(50);
    expect(nextPageOffset([page(50, 120), page(50, 120)], 50)).toBe(100);
    expect(nextPageOffset([page(50, 120), page(50, 120), page(20, 120)], 50)).toBeUndefined();
  });

  it('stops at an exact fit, a short total and an empty page', () => {
    expect(nextPageOffset([page(50, 50)], 50)).toBeUndefined();
    expect(nextPageOffset([page(3, 3)], 50)).toBeUndefined();
    expect(nextPageOffset([page(0, 0)], 50)).toBeUndefined();
    // The total went stale (tasks deleted since page 1): an empty page ends the list.
    expect(nextPageOffset([page(50, 120), page(0, 60)], 50)).toBeUndefined();
    expect(nextPageOffset([], 50)).toBeUndefined();
  });

  it('trusts the newest page’s total', () => {
    expect(nextPageOffset([page(50, 60), page(50, 140)], 50)).toBe(100);
    expect(nextPageOffset([page(50, 140), page(10, 60)], 50)).toBeUndefined();
  });
});

describe('loadedTasks', () => {
  it('joins the pages in order and keeps a task repeated across a page boundary once', () => {
    const [a, b, c] = [makeTask(), makeTask(), makeTask()];
    const tasks = loadedTasks([
      { tasks: [a, b], total: 3 },
      { tasks: [b, c], total: 3 },
    ]);
    expect(tasks.map((t) => t.id)).toEqual([a.id, b.id, c.id]);
    expect(loadedTasks([])).toEqual([]);
  });
});

describe('showingCountText', () => {
  it('uses thousands separators and the singular for one task', () => {
    expect(showingCountText(50, 1234)).toBe('Showing 50 of 1,234 tasks');
    expect(showingCountText(1050, 100_000)).toBe('Showing 1,050 of 100,000 tasks');
    expect(showingCountText(1, 1)).toBe('Showing 1 of 1 task');
    expect(showingCountText(0, 0)).toBe('Showing 0 of 0 tasks');
  });

  it('never shows more loaded than the total', () => {
    expect(showingCountText(52, 50)).toBe('Showing 52 of 52 tasks');
  });
});

describe('normalizeFilterText', () => {
  it('trims and folds runs of whitespace', () => {
    expect(normalizeFilterText('  oak   ave\t')).toBe('oak ave');
    expect(normalizeFilterText('   ')).toBe('');
  });
});
