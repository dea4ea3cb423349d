import { useCallback, useEffect, useState } from 'react';

/** The search boxes' debounce (spec 001 §9: tasks and jobs search, 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A search box whose applied term follows the typed text after `delay` ms of quiet; `submit` (Search button,
 * Enter) applies it at once, `clear` empties both and `reset(text)` sets both (a search arriving from the URL).
 * The term is `normalize`d (default: trimmed), so spaces alone search nothing. The one debounced-search hook of
 * the app: jobs search, the tasks board filter, Task Search.
 */
export function useDebouncedSearch({
  delay = SEARCH_DEBOUNCE_MS,
  initial = '',
  normalize = (text: string) => text.trim(),
}: { delay?: number; initial?: string; normalize?: (text: string) => string } = {}) {
  const [input, setInput] = useState(initial);
  const [term, setTerm] = useState(() => normalize(initial));

  useEffect(() => {
    const timer = setTimeout(() => setTerm(normalize(input)), delay);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- normalize is a pure rule; the typed text drives this
  }, [input, delay]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const submit = useCallback(() => setTerm(normalize(input)), [input]);
  const reset = useCallback(
    (text: string) => {
      setInput(text);
      setTerm(normalize(text));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
    [],
  );
  const clear = useCallback(() => reset(''), [reset]);

  return { input, setInput, term, submit, clear, reset };
}
