/**
 * A fixed-window request counter per key (e.g. `token:203.0.113.7`), kept in this process's memory.
 *
 * Why in memory: one process serves everything by default (design.md §1). Several processes behind a
 * load balancer each count on their own, so the effective limit becomes `limit × processes`; a
 * deployment that scales out and needs an exact limit must move this counter to a shared store
 * (e.g. a PostgreSQL table or Redis) behind the same `hit()` interface.
 */
export type RateLimiter = {
  /** Counts one request for `key`; `allowed` is false once the window's limit is spent. */
  hit: (key: string) => { allowed: boolean; retryAfterSeconds: number };
};

export function createRateLimiter(opts: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();

  // Drops finished windows now and then so the map does not grow with every address ever seen.
  function sweep(at: number) {
    if (at - lastSweep < opts.windowMs) return;
    lastSweep = at;
    for (const [key, w] of windows) if (at - w.startedAt >= opts.windowMs) windows.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      sweep(at);
      let w = windows.get(key);
      if (!w || at - w.startedAt >= opts.windowMs) {
        w = { startedAt: at, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      const retryAfterSeconds = Math.max(1, Math.ceil((w.startedAt + opts.windowMs - at) / 1000));
      return { allowed: w.count <= opts.limit, retryAfterSeconds };
    },
  };
}
