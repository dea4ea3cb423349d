import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOBS_INITIAL_FETCH_DELAY_MS, useInitialDelay } from './use-initial-delay';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useInitialDelay', () => {
  it('is false for the first 100 ms (spec 001 §9), then true and stays so', () => {
    expect(JOBS_INITIAL_FETCH_DELAY_MS).toBe(100);
    const { result, rerender } = renderHook(() => useInitialDelay(JOBS_INITIAL_FETCH_DELAY_MS));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender();
    expect(result.current).toBe(true);
  });
});
