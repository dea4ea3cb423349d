import { photoEndpoints, type PhotoList } from '@fieldbook/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { photoKeys, type PhotoFilters } from './keys';

export function getJobPhotos(jobId: string, query: PhotoFilters & { cursor?: string | undefined }, { signal }: { signal?: AbortSignal } = {}): Promise<PhotoList> {
  return callEndpoint(photoEndpoints.listForJob, { params: { id: jobId }, query: withoutEmpty(query), signal });
}

/** The query without the filters left empty (the server's schema refuses an empty stage or date). */
export function withoutEmpty<Q extends Record<string, unknown>>(query: Q): Q {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Q;
}

export function jobPhotosQueryOptions(jobId: string, filters: PhotoFilters) {
  return infiniteQueryOptions({
    queryKey: photoKeys.job(jobId, filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => getJobPhotos(jobId, { ...filters, cursor: pageParam }, { signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /api/jobs/:id/photos, a page (PHOTOS_PAGE_SIZE) at a time as the grid scrolls (keyset: next_cursor). */
export function useJobPhotos(jobId: string, filters: PhotoFilters) {
  return useInfiniteQuery(jobPhotosQueryOptions(jobId, filters));
}
