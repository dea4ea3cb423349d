import { createElement, lazy, type ComponentType } from 'react';

/** The browsers' words for a module script that could not be fetched (Chromium, Safari, Firefox). */
export const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

export function isChunkError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * A route's code, fetched again after a short wait when the fetch itself failed: on a phone with a bad signal, or
 * while the service worker is starting, one lost request must not end on the error page (a browser fetches a failed
 * module again on the next import). A page whose code is gone for good (a new deployment) still fails, after `tries`,
 * and the error page offers the reload.
 */
export async function loadRoute<T>(load: () => Promise<T>, { tries = 3, waitMs = 400 }: { tries?: number; waitMs?: number } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= tries || !isChunkError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs * attempt));
    }
  }
}

/**
 * A page's code for a route: fetched once, on the first `preload` (the router calls it for every matched route, so a
 * shell and its page load side by side) or render. A failed fetch stays failed for this visit — the error page shows,
 * and the render React retries after an error does not fetch again — and the next visit's `preload` tries afresh.
 */
export function lazyComponent<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  retry?: { tries?: number; waitMs?: number },
): { Page: ComponentType; preload: () => void } {
  let pending: Promise<{ default: ComponentType }> | undefined;
  let failed = false;
  const fetchCode = () => {
    pending ??= loadRoute(load, retry).then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
    return pending;
  };
  let Lazy = lazy(fetchCode);
  const preload = () => {
    if (failed) {
      // React.lazy keeps a failure for good: a new visit gets a fresh one.
      failed = false;
      pending = undefined;
      Lazy = lazy(fetchCode);
    }
    fetchCode().catch(() => {});
  };
  return { Page: () => createElement(Lazy), preload };
}
