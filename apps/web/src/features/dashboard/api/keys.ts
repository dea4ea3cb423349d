import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the fast dashboard, under its root (what job and task writes make stale: lib/query-roots.ts). */
export const dashboardKeys = {
  all: QUERY_ROOTS.dashboard,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
};
