import type { Photo } from '@fieldbook/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconShare } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { GROW_ON_PHONE } from '../lib/phone-layout';
import { GalleryList } from './gallery-list';
import { GalleryShareDialog } from './gallery-share-dialog';
import { PhotoReportDialog } from './photo-report-dialog';
import { PhotoReportsList } from './photo-reports-list';

export type PhotoPicking = { ids: ReadonlySet<string>; toggle: (photo: Photo) => void };

/**
 * The job's photos as output (issue 35): Select photos in the grid, then Create photo report or Share gallery (either
 * also takes a whole stage instead); below, the job's reports (each a document once made) and its shared links.
 * `children` draws the grid with the picking state while photos are being selected.
 */
export function PhotoOutput({ jobId, hasPhotos, children }: { jobId: string; hasPhotos: boolean; children: (picking: PhotoPicking | undefined) => ReactNode }) {
  const [isSelecting, setSelecting] = useState(false);
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'report' | 'gallery' | null>(null);
  const picking = useMemo<PhotoPicking>(
    () => ({
      ids,
      toggle: (photo) =>
        setIds((prev) => {
          const next = new Set(prev);
          if (!next.delete(photo.id)) next.add(photo.id);
          return next;
        }),
    }),
    [ids],
  );
  const stop = () => {
    setSelecting(false);
    setIds(new Set());
  };
  const chosen = isSelecting ? [...ids] : [];
  const done = () => {
    setDialog(null);
    stop();
  };
  return (
    <Stack gap="xs">
      {hasPhotos && (
        // One wrapping row: on a phone each button grows to fill its line (two a line, not one ragged button a line);
        // from `sm` they keep their size, the output actions pushed to the right.
        <Group gap="xs">
          {isSelecting ? (
            <Text size="sm" w={{ base: '100%', sm: 'auto' }} mr={{ sm: 'auto' }}>
              {ids.size === 0 ? 'Tap photos to choose them' : `${ids.size} photo${ids.size === 1 ? '' : 's'} chosen`}
            </Text>
          ) : (
            <Button size="sm" variant="default" flex={GROW_ON_PHONE} mr={{ sm: 'auto' }} onClick={() => setSelecting(true)}>
              Select photos
            </Button>
          )}
          {isSelecting && (
            <Button size="sm" variant="default" flex={GROW_ON_PHONE} onClick={stop}>
              Cancel
            </Button>
          )}
          <Button size="sm" variant="light" flex={GROW_ON_PHONE} leftSection={<IconFileTypePdf size={14} />} onClick={() => setDialog('report')}>
            Create report
          </Button>
          <Button size="sm" variant="light" flex={GROW_ON_PHONE} leftSection={<IconShare size={14} />} onClick={() => setDialog('gallery')}>
            Share gallery
          </Button>
        </Group>
      )}
      {children(isSelecting ? picking : undefined)}
      <PhotoReportDialog jobId={jobId} opened={dialog === 'report'} photoIds={chosen} onClose={() => setDialog(null)} onCreated={done} />
      <GalleryShareDialog jobId={jobId} opened={dialog === 'gallery'} photoIds={chosen} onClose={() => setDialog(null)} onCreated={stop} />
      <PhotoReportsList jobId={jobId} />
      <GalleryList jobId={jobId} />
    </Stack>
  );
}
