import { Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { loadedRows } from '../../../lib/offset-pages';
import { useJobPhotos } from '../api/get-job-photos';
import { useWatchProcessing } from '../api/get-photo';
import { filtersToQuery, NO_FILTERS, type PhotoFilterValues } from '../lib/photo-filters';
import { photoRows } from '../lib/photo-grid';
import { usePhotoAuthors } from '../lib/use-photo-authors';
import { usePhotoViewer } from '../lib/use-workspace-zone';
import { PhotoBrowser, photoPages } from './photo-browser';
import { PhotoFilters } from './photo-filters';
import { PhotoOutput } from './photo-report-actions';
import { PhotoUploader } from './photo-uploader';

/** The Photos panel of a job's page (issue 35): add photos; the job's grid with its filters, viewer and compare. */
export function JobPhotos({ jobId }: { jobId: string }) {
  const viewer = usePhotoViewer();
  const [values, setValues] = useState<PhotoFilterValues>(NO_FILTERS);
  const query = useMemo(() => filtersToQuery(values, viewer.timeZone), [values, viewer.timeZone]);
  const list = useJobPhotos(jobId, query);
  const photos = useMemo(() => loadedRows(list.data?.pages, (page) => page.photos), [list.data]);
  useWatchProcessing(photos);
  const authors = usePhotoAuthors(photos, viewer.me);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`job-photos-${jobId}`}>
      <Stack gap="sm">
        <Title order={2} fz={18} id={`job-photos-${jobId}`}>
          Photos
        </Title>
        <PhotoUploader jobId={jobId} />
        <PhotoFilters values={values} onChange={setValues} authors={authors} />
        <PhotoOutput jobId={jobId} hasPhotos={photos.length > 0}>
          {(picking) => <PhotoBrowser pages={photoPages(list, photos)} rowsFor={photoRows} isFiltered={Object.keys(query).length > 0} viewer={viewer} picking={picking} />}
        </PhotoOutput>
      </Stack>
    </Paper>
  );
}
