import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';

/** After a contact write: what lib/query-roots.ts says a contact change makes stale. */
export function invalidateContactViews(queryClient: QueryClient): Promise<unknown> {
  return invalidateAfter(queryClient, 'contact');
}
