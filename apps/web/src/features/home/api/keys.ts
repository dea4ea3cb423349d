/**
 * Query keys of the home screen. The root ['home'] is what job and task writes invalidate
 * (features/jobs/api/invalidate.ts, features/tasks/api/invalidate.ts).
 */
export const homeKeys = {
  all: ['home'] as const,
  data: (mode: 'optimized' | 'standard') => [...homeKeys.all, 'data', mode] as const,
  performanceStats: () => [...homeKeys.all, 'performance-stats'] as const,
};
