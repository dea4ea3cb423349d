import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';

/** After a job write: what lib/query-roots.ts says a job change makes stale. */
export function invalidateJobViews(queryClient: QueryClient): Promise<unknown> {
  return invalidateAfter(queryClient, 'job');
}
