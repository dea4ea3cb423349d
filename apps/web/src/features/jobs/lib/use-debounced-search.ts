import { useCallback, useEffect, useState } from 'react';

/** Jobs search debounce (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A search box whose applied term follows the typed text after `delay` ms of quiet; `submit` (Search
 * button, Enter) applies it at once and `clear` empties both. The term is trimmed: spaces alone search nothing.
 */
export function useDebouncedSearch(delay = SEARCH_DEBOUNCE_MS) {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), delay);
    return () => clearTimeout(timer);
  }, [input, delay]);

  const submit = useCallback(() => setTerm(input.trim()), [input]);
  const clear = useCallback(() => {
    setInput('');
    setTerm('');
  }, []);

  return { input, setInput, term, submit, clear };
}
