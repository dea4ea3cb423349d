import type { QueryClient } from '@tanstack/react-query';
import { JOBS_QUERY_ROOT, taskKeys } from './keys';

/** After any task write: task lists and details, and the jobs that embed tasks (cards, detail, home, dashboard). */
export function invalidateTaskViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    queryClient.invalidateQueries({ queryKey: JOBS_QUERY_ROOT }),
    // The home and fast dashboards list tasks too (keys owned by web-jobs: ['home', …], ['dashboard', …]).
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
