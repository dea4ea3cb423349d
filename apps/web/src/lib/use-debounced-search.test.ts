import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from './use-debounced-search';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedSearch', () => {
  it('applies the typed text only after 500 ms without typing', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setInput('ro'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setInput('roof'));
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.term).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.term).toBe('roof');
  });

  it('applies at once on submit (Search button, Enter) and trims', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setInput('  kitchen  '));
    act(() => result.current.submit());
    expect(result.current.term).toBe('kitchen');
  });

  it('treats spaces alone as no search and clear empties both', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setInput('   '));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.term).toBe('');
    act(() => result.current.setInput('fence'));
    act(() => result.current.submit());
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ input: '', term: '' });
  });
});

describe('useDebouncedSearch options', () => {
  it('takes its delay, a starting text and a normalisation (the tasks board: 350 ms, spaces folded)', () => {
    const { result } = renderHook(() => useDebouncedSearch({ delay: 350, initial: ' roof ', normalize: (t) => t.trim().replace(/\s+/g, ' ') }));
    expect(result.current.term).toBe('roof');
    act(() => result.current.setInput('roof   leak'));
    act(() => vi.advanceTimersByTime(349));
    expect(result.current.term).toBe('roof');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.term).toBe('roof leak');
    act(() => result.current.reset('gutter'));
    expect([result.current.input, result.current.term]).toEqual(['gutter', 'gutter']);
  });
});
