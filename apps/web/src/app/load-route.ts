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
