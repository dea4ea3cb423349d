/** The Task Search box waits this long after the last keystroke (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

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
