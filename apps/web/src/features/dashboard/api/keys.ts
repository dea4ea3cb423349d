/** Query keys of the fast dashboard. The root ['dashboard'] is what job and task writes invalidate. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  tasks: () => [...dashboardKeys.all, 'tasks'] as const,
};
