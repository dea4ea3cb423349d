import { PHOTO_REPORT_MAX_PHOTOS, type PhotoStage } from '@fieldbook/contract';
import { NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { STAGE_OPTIONS } from '../lib/photo-labels';

/** What a report or a gallery is made of: the photos chosen in the grid, or every photo of one stage. */
export type OutputSelection = { kind: 'chosen' } | { kind: 'stage'; stage: PhotoStage };

export const selectionBody = (selection: OutputSelection, photoIds: string[]) => (selection.kind === 'chosen' ? { photo_ids: photoIds } : { stage: selection.stage });

/** The choice between the chosen photos and a stage (the chosen ones only when some are). */
export function PhotoSelectionField({ value, onChange, chosenCount }: { value: OutputSelection; onChange: (v: OutputSelection) => void; chosenCount: number }) {
  return (
    <Stack gap={6}>
      {chosenCount > 0 && (
        <SegmentedControl
          fullWidth
          value={value.kind}
          onChange={(kind) => onChange(kind === 'chosen' ? { kind: 'chosen' } : { kind: 'stage', stage: 'before' })}
          data={[
            { value: 'chosen', label: `Chosen photos (${chosenCount})` },
            { value: 'stage', label: 'A whole stage' },
          ]}
        />
      )}
      {value.kind === 'stage' && (
        <NativeSelect label="Photos of the stage" data={STAGE_OPTIONS} value={value.stage} onChange={(e) => onChange({ kind: 'stage', stage: e.currentTarget.value as PhotoStage })} />
      )}
      {value.kind === 'chosen' && chosenCount > PHOTO_REPORT_MAX_PHOTOS && (
        <Text size="sm" c="red">
          At most {PHOTO_REPORT_MAX_PHOTOS} photos at once: choose fewer
        </Text>
      )}
    </Stack>
  );
}
