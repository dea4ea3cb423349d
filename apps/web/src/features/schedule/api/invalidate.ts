import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';

/** After a visit is saved: the board, the tray, the job's visits and /today (and the job views: search finds visits). */
export function invalidateScheduleViews(queryClient: QueryClient): Promise<unknown> {
  return invalidateAfter(queryClient, 'visit');
}
