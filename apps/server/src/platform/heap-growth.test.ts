import { describe, expect, it } from 'vitest';
import { heapGrowingPercentFor, POSTGRES_HEAP_GROWING_PERCENT } from './heap-growth';

describe('how far V8 lets the old generation grow', () => {
  it('is set on PostgreSQL', () => {
    expect(heapGrowingPercentFor('postgres', ['--max-semi-space-size=16', '--liftoff-only'])).toBe(POSTGRES_HEAP_GROWING_PERCENT);
  });

  it('is left to V8 with the embedded database, where a fixed factor cost memory', () => {
    expect(heapGrowingPercentFor('pglite', ['--max-semi-space-size=16', '--liftoff-only'])).toBeNull();
  });

  it('is left as the command line gave it', () => {
    expect(heapGrowingPercentFor('postgres', ['--heap-growing-percent=50'])).toBeNull();
    expect(heapGrowingPercentFor('postgres', ['--heap_growing_percent=30', '--trace-gc'])).toBeNull();
    expect(heapGrowingPercentFor('postgres', ['--heap-growing-percent', '50'])).toBeNull();
  });
});
