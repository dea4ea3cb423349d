import { useEffect, useState } from 'react';

/** Spec 001 §9: the jobs dashboard waits this long before its first fetch. */
export const JOBS_INITIAL_FETCH_DELAY_MS = 100;

/**
 * False until `ms` after the first render, then true for good. The jobs dashboard's first request waits for it:
 * the specified 100 ms lets a session restored on page load settle before the first jobs request goes out.
 */
export function useInitialDelay(ms: number): boolean {
  const [isReady, setReady] = useState(ms <= 0);
  useEffect(() => {
    if (isReady) return;
    const timer = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(timer);
  }, [isReady, ms]);
  return isReady;
}
