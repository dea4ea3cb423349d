import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfter } from '../../../lib/query-roots';
import { workRequestKeys } from './keys';

/** After a decision: the request's lists and detail; after Create job, the jobs and contacts too. */
export async function invalidateRequests(queryClient: QueryClient, id: string, madeJob: boolean): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: workRequestKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: workRequestKeys.detail(id) }),
    ...(madeJob ? [invalidateAfter(queryClient, 'job'), invalidateAfter(queryClient, 'contact')] : []),
  ]);
}
