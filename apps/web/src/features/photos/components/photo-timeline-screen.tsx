import { Stack } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { dayInWords } from '../../../lib/calendar-day';
import { loadedRows } from '../../../lib/offset-pages';
import { useWatchProcessing } from '../api/get-photo';
import { usePhotoTimeline } from '../api/get-photo-timeline';
import { filtersToQuery, NO_FILTERS, type PhotoFilterValues } from '../lib/photo-filters';
import { photoRowsByDay } from '../lib/photo-grid';
import { usePhotoAuthors } from '../lib/use-photo-authors';
import { usePhotoViewer } from '../lib/use-workspace-zone';
import { PhotoBrowser, photoPages } from './photo-browser';
import { PhotoFilters } from './photo-filters';

/** /photos: the workspace's photos across its jobs, newest first, by the day they were taken (the workspace's days). */
export function PhotoTimelineScreen() {
  const viewer = usePhotoViewer();
  const [values, setValues] = useState<PhotoFilterValues>(NO_FILTERS);
  const query = useMemo(() => filtersToQuery(values, viewer.timeZone), [values, viewer.timeZone]);
  const list = usePhotoTimeline(query);
  const photos = useMemo(() => loadedRows(list.data?.pages, (page) => page.photos), [list.data]);
  useWatchProcessing(photos);
  const authors = usePhotoAuthors(photos, viewer.me);
  const rowsFor = useCallback((shown: Parameters<typeof photoRowsByDay>[0], columns: number) => photoRowsByDay(shown, columns, viewer.timeZone), [viewer.timeZone]);
  return (
    <Stack gap="md">
      <PageHeader title="Photos" description="Every job’s photos, newest first. Open a photo to go to its job." />
      <PhotoFilters values={values} onChange={setValues} authors={authors} />
      <PhotoBrowser
        pages={photoPages(list, photos)}
        rowsFor={rowsFor}
        isFiltered={Object.keys(query).length > 0}
        viewer={viewer}
        dayLabel={(day) => dayInWords(day)}
        showJobLink
      />
    </Stack>
  );
}
