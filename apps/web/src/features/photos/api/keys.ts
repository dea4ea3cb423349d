import type { ListPhotosQuery } from '@fieldbook/contract';
import { QUERY_ROOTS } from '../../../lib/query-roots';

/** The filters the grid and the timeline send (cursor and limit are the pages'). */
export type PhotoFilters = Partial<Pick<ListPhotosQuery, 'stage' | 'from' | 'to' | 'author_id'>>;

/** Query keys of the photos feature. */
export const photoKeys = {
  all: QUERY_ROOTS.photos,
  lists: () => [...photoKeys.all, 'list'] as const,
  job: (jobId: string, filters: PhotoFilters) => [...photoKeys.lists(), 'job', jobId, filters] as const,
  timeline: (filters: PhotoFilters) => [...photoKeys.lists(), 'timeline', filters] as const,
  detail: (id: string) => [...photoKeys.all, 'detail', id] as const,
};
