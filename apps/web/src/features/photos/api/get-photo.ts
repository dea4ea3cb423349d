import { photoEndpoints, type Photo, type PhotoList } from '@fieldbook/contract';
import { useQueries, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { photoKeys } from './keys';

export function getPhoto(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Photo> {
  return callEndpoint(photoEndpoints.get, { params: { id }, signal });
}

/** GET /api/photos/:id (the viewer; a photo opened from ?photo=<id> need not be on a loaded page). */
export function usePhoto(id: string | null) {
  return useQuery({ queryKey: photoKeys.detail(id ?? 'none'), queryFn: ({ signal }) => getPhoto(id!, { signal }), enabled: Boolean(id) });
}

/** How often a photo whose thumbnail is being made is asked for again. */
export const PROCESSING_POLL_MS = 4000;
/** At most this many processing photos are watched at once; the rest show their placeholder until the next refetch. */
export const PROCESSING_WATCH_MAX = 12;
/** A photo still processing this long after its upload waits on the server's retries (minutes apart): not polled. */
export const PROCESSING_WATCH_AGE_MS = 10 * 60_000;

/** Its thumbnail, or its markup's rendering (the grid shows the marked-up thumbnail once drawn), still being made. */
const isBeingMade = (p: Photo, now: number) =>
  (p.status === 'processing' && now - Date.parse(p.created_at) < PROCESSING_WATCH_AGE_MS) ||
  (p.markup?.render_status === 'rendering' && now - Date.parse(p.markup.updated_at) < PROCESSING_WATCH_AGE_MS);

/** The photos worth asking again: thumbnail or markup rendering being made, recently, at most PROCESSING_WATCH_MAX. */
export function photosToWatch(photos: readonly Photo[], now: number): string[] {
  return photos
    .filter((p) => isBeingMade(p, now))
    .slice(0, PROCESSING_WATCH_MAX)
    .map((p) => p.id);
}

/**
 * Polls the shown photos whose thumbnail or markup rendering is being made, one GET each (not the whole list: a grid of 2,000 photos is
 * 34 pages), bounded in number and age (photosToWatch); a photo that is ready or failed replaces its copy in every
 * cached list, so its thumbnail appears without a refetch.
 */
export function useWatchProcessing(photos: readonly Photo[]) {
  const queryClient = useQueryClient();
  const ids = photosToWatch(photos, Date.now());
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: photoKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPhoto(id, { signal }),
      refetchInterval: (query: { state: { data?: Photo | undefined } }) => (query.state.data && isBeingMade(query.state.data, Date.now()) ? PROCESSING_POLL_MS : false),
    })),
  });
  const done = results.map((r) => r.data).filter((p): p is Photo => Boolean(p && !isBeingMade(p, Date.now())));
  const doneKey = done.map((p) => `${p.id}:${p.status}:${p.markup?.render_status ?? ''}`).join(',');
  useEffect(() => {
    if (done.length > 0) replacePhotosInLists(queryClient, done);
    // doneKey stands for `done`: the effect runs when a photo's status changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doneKey, queryClient]);
}

/** Puts `photos` in place of their copies in every cached list page (the grid's and the timeline's). */
export function replacePhotosInLists(queryClient: ReturnType<typeof useQueryClient>, photos: readonly Photo[]): void {
  const byId = new Map(photos.map((p) => [p.id, p]));
  queryClient.setQueriesData<InfiniteData<PhotoList>>({ queryKey: photoKeys.lists() }, (data) => {
    if (!data || !data.pages.some((page) => page.photos.some((p) => byId.has(p.id)))) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, photos: page.photos.map((p) => byId.get(p.id) ?? p) })) };
  });
}
