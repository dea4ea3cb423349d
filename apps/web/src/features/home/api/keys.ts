import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the home screen, under its root (what job and task writes make stale: lib/query-roots.ts). */
export const homeKeys = {
  all: QUERY_ROOTS.home,
  data: (mode: 'optimized' | 'standard') => [...homeKeys.all, 'data', mode] as const,
  performanceStats: () => [...homeKeys.all, 'performance-stats'] as const,
};
