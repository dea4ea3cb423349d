import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';

/** After any task write: what lib/query-roots.ts says a task change makes stale. */
export function invalidateTaskViews(queryClient: QueryClient): Promise<unknown> {
  return invalidateAfter(queryClient, 'task');
}
