import type { PerformanceStats } from '@fieldbook/contract';

/** '0.019 s'; very fast paths keep a fourth decimal so they do not read as zero. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  return `${seconds.toFixed(seconds > 0 && seconds < 0.01 ? 4 : 3)} s`;
}

export function formatRequests(n: number): string {
  return `${n} ${n === 1 ? 'request' : 'requests'}`;
}

/** Bar lengths 0–100 for the two paths, relative to the slower one. */
export function comparisonBars(stats: Pick<PerformanceStats, 'optimized' | 'original'>): { optimized: number; original: number } {
  const max = Math.max(stats.optimized.time_seconds, stats.original.time_seconds);
  if (!(max > 0)) return { optimized: 0, original: 0 };
  const pct = (s: number) => Math.max(2, Math.round((s / max) * 100));
  return { optimized: pct(stats.optimized.time_seconds), original: pct(stats.original.time_seconds) };
}

/** '71.7% faster', or 'slower' when the measurement came out the other way (it is measured, not assumed). */
export function improvementLabel(percent: number): string {
  const rounded = Math.round(Math.abs(percent) * 10) / 10;
  if (rounded === 0) return 'About the same speed';
  return percent > 0 ? `${rounded}% faster` : `${rounded}% slower`;
}
