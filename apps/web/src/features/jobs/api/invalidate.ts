import type { QueryClient } from '@tanstack/react-query';
import { jobKeys } from './keys';

/**
 * After a job write: every jobs query, and the home and fast dashboards that count and list jobs
 * (their keys, ['home', …] and ['dashboard', …], belong to this engineer's home and dashboard features).
 */
export function invalidateJobViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: jobKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
