import type { Photo } from '@fieldbook/contract';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { GROW_ON_PHONE } from '../lib/phone-layout';
import type { GridRow } from '../lib/photo-grid';
import { usePhotoSelection } from '../lib/use-photo-selection';
import { PhotoGrid } from './photo-grid';
import { PhotoViewer } from './photo-viewer';

// The slider's code is fetched when two photos are compared, not with the job page.
const PhotoCompare = lazy(() => import('./photo-compare').then((m) => ({ default: m.PhotoCompare })));

type PhotoPages = {
  photos: Photo[];
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
  isRefetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
};

/** What the browser needs of a photos list (useInfiniteQuery's answer, the job's or the workspace's) and its photos. */
export function photoPages(
  list: Pick<PhotoPages, 'isPending' | 'error' | 'isRefetching' | 'isFetchingNextPage'> & { hasNextPage: boolean; refetch: () => unknown; fetchNextPage: () => unknown },
  photos: Photo[],
): PhotoPages {
  return {
    photos,
    isPending: list.isPending,
    error: list.error,
    refetch: () => void list.refetch(),
    isRefetching: list.isRefetching,
    hasNextPage: list.hasNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    fetchNextPage: () => void list.fetchNextPage(),
  };
}

type BrowserProps = {
  pages: PhotoPages;
  rowsFor: (photos: readonly Photo[], columns: number) => GridRow[];
  isFiltered: boolean;
  viewer: { timeZone: string; me: { id: string } | null; isWorkspaceAdmin: boolean };
  dayLabel?: (day: string) => string;
  showJobLink?: boolean;
  /** Choosing many for a report or a gallery (photo-report-actions.tsx): cells toggle these instead of opening. */
  picking?: { ids: ReadonlySet<string>; toggle: (photo: Photo) => void } | undefined;
};

/**
 * The grid with what it opens: a photo in the viewer (its id in the address, `?photo=<id>`, so the assistant's links
 * /jobs/<job>?photo=<id> open it too), and Compare: choose two photos, then see them with a slider.
 */
export function PhotoBrowser({ pages, rowsFor, isFiltered, viewer, dayLabel, showJobLink, picking }: BrowserProps) {
  const [params, setParams] = useSearchParams();
  const openId = params.get('photo');
  const selection = usePhotoSelection();
  const [comparing, setComparing] = useState<readonly [Photo, Photo] | null>(null);
  const { photos, fetchNextPage } = pages;
  const rows = useCallback((columns: number) => rowsFor(photos, columns), [rowsFor, photos]);
  const loadMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  const setOpen = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('photo', id);
        else next.delete('photo');
        return next;
      },
      { replace: !id },
    );
  const pair = useMemo(() => (selection.chosen.length === 2 ? ([selection.chosen[0]!, selection.chosen[1]!] as const) : null), [selection.chosen]);

  let body;
  if (pages.isPending) {
    body = (
      <Center h={120}>
        <Loader aria-label="Loading photos" />
      </Center>
    );
  } else if (pages.error) {
    body = <LoadError error={pages.error} onRetry={pages.refetch} isRetrying={pages.isRefetching} title="Could not load the photos" />;
  } else if (photos.length === 0) {
    body = (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {isFiltered ? 'No photos match these filters' : 'No photos yet'}
      </Text>
    );
  } else {
    body = (
      <PhotoGrid
        rowsFor={rows}
        hasMore={pages.hasNextPage}
        isLoadingMore={pages.isFetchingNextPage}
        onLoadMore={loadMore}
        onOpen={(photo) => (picking ? picking.toggle(photo) : selection.isPicking ? selection.toggle(photo) : setOpen(photo.id))}
        selected={picking ? picking.ids : selection.isPicking ? selection.ids : undefined}
        {...(dayLabel ? { dayLabel } : {})}
      />
    );
  }

  return (
    <Stack gap="xs">
      {photos.length >= 2 && !picking && (
        <Group justify="space-between" gap="xs">
          {selection.isPicking ? (
            <>
              <Text size="sm">{selection.chosen.length === 2 ? 'Two photos chosen' : 'Choose two photos to compare'}</Text>
              <Group gap="xs">
                <Button size="sm" variant="default" onClick={selection.stop}>
                  Cancel
                </Button>
                <Button size="sm" disabled={!pair} onClick={() => setComparing(pair)}>
                  Compare
                </Button>
              </Group>
            </>
          ) : (
            <Button size="sm" variant="light" flex={GROW_ON_PHONE} leftSection={<IconArrowsHorizontal size={14} />} onClick={selection.start}>
              Compare two photos
            </Button>
          )}
        </Group>
      )}
      {body}
      <PhotoViewer photoId={openId} timeZone={viewer.timeZone} meId={viewer.me?.id ?? null} isWorkspaceAdmin={viewer.isWorkspaceAdmin} showJobLink={showJobLink ?? false} onClose={() => setOpen(null)} />
      {comparing && (
        <Suspense fallback={null}>
          <PhotoCompare photos={comparing} timeZone={viewer.timeZone} onClose={() => setComparing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
