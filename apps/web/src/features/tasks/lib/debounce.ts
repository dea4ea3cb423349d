/** The Task Search box waits this long after the last keystroke (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The board's text filter waits this long before asking the server. Shorter than the search's 500 ms: it used to
 * filter as you typed, and a pause after a word should show its answer promptly.
 */
export const FILTER_DEBOUNCE_MS = 350;

export type Debouncer<T> = {
  /** Runs `fn(value)` after `ms` unless another call comes first. */
  schedule: (value: T) => void;
  /** Runs at once with `value` (Enter), dropping anything scheduled. */
  flush: (value: T) => void;
  cancel: () => void;
};

export function createDebouncer<T>(fn: (value: T) => void, ms: number): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule: (value) => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        fn(value);
      }, ms);
    },
    flush: (value) => {
      cancel();
      fn(value);
    },
    cancel,
  };
}
