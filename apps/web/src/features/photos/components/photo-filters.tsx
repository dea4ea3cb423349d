import { Button, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { NO_FILTERS, type PhotoFilterValues } from '../lib/photo-filters';
import { STAGE_OPTIONS } from '../lib/photo-labels';

export type PhotoAuthor = { id: string; name: string };

/** Stage, author and a range of days (the workspace's days); two columns on a phone. */
export function PhotoFilters({ values, onChange, authors }: { values: PhotoFilterValues; onChange: (values: PhotoFilterValues) => void; authors: readonly PhotoAuthor[] }) {
  const set = (patch: Partial<PhotoFilterValues>) => onChange({ ...values, ...patch });
  const isFiltered = values.stage !== '' || values.authorId !== '' || values.fromDay !== '' || values.toDay !== '';
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
      <NativeSelect label="Stage" size="sm" value={values.stage} onChange={(e) => set({ stage: e.currentTarget.value as PhotoFilterValues['stage'] })} data={[{ value: '', label: 'All stages' }, ...STAGE_OPTIONS]} />
      <NativeSelect label="Author" size="sm" value={values.authorId} onChange={(e) => set({ authorId: e.currentTarget.value })} data={[{ value: '', label: 'Anyone' }, ...authors.map((a) => ({ value: a.id, label: a.name }))]} />
      <TextInput label="From" type="date" size="sm" value={values.fromDay} max={values.toDay || undefined} onChange={(e) => set({ fromDay: e.currentTarget.value })} />
      <TextInput label="To" type="date" size="sm" value={values.toDay} min={values.fromDay || undefined} onChange={(e) => set({ toDay: e.currentTarget.value })} />
      {isFiltered && (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(NO_FILTERS)} style={{ gridColumn: '1 / -1', justifySelf: 'start' }}>
          Clear filters
        </Button>
      )}
    </SimpleGrid>
  );
}
