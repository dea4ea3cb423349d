import type { PerformanceStats } from '@fieldbook/contract';

/**
 * One performance measurement per workspace, shared for `ttlMs`: a measurement runs a dozen statements, and every
 * Home visit asks for one. Concurrent askers share the measurement in flight; a failed one is not kept. At most
 * `maxEntries` workspaces are remembered (the oldest entry goes first), so memory stays bounded.
 */
export class PerformanceStatsCache {
  private readonly entries = new Map<string, { at: number; value: Promise<PerformanceStats> }>();

  constructor(private readonly opts: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  get(workspaceId: string, measure: () => Promise<PerformanceStats>): Promise<PerformanceStats> {
    const now = (this.opts.now ?? Date.now)();
    const hit = this.entries.get(workspaceId);
    if (hit && now - hit.at < this.opts.ttlMs) return hit.value;
    this.entries.delete(workspaceId);
    if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = measure();
    this.entries.set(workspaceId, { at: now, value });
    value.catch(() => {
      if (this.entries.get(workspaceId)?.value === value) this.entries.delete(workspaceId);
    });
    return value;
  }
}
