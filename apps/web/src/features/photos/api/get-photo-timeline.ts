import { photoEndpoints, type PhotoList } from '@fieldbook/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { withoutEmpty } from './get-job-photos';
import { photoKeys, type PhotoFilters } from './keys';

export function getPhotoTimeline(query: PhotoFilters & { cursor?: string | undefined }, { signal }: { signal?: AbortSignal } = {}): Promise<PhotoList> {
  return callEndpoint(photoEndpoints.timeline, { query: withoutEmpty(query), signal });
}

/** GET /api/photos: the workspace's photos across its jobs, newest taken first, a page at a time. */
export function usePhotoTimeline(filters: PhotoFilters) {
  return useInfiniteQuery({
    queryKey: photoKeys.timeline(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => getPhotoTimeline({ ...filters, cursor: pageParam }, { signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
