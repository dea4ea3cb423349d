import type { Photo } from '@fieldbook/contract';
import { Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ReactCompareSlider, ReactCompareSliderImage } from 'react-compare-slider';
import { imageSrc, photoAlt, STAGE_LABELS, takenAtText } from '../lib/photo-labels';

/** Two photos over each other with a slider between them (react-compare-slider): the older one on the left. */
export function PhotoCompare({ photos, timeZone, onClose }: { photos: readonly [Photo, Photo] | null; timeZone: string; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [left, right] = photos ? [...photos].sort((a, b) => a.taken_at.localeCompare(b.taken_at)) : [];
  return (
    <Modal opened={Boolean(photos)} onClose={onClose} title="Compare photos" size="xl" fullScreen={Boolean(isPhone)}>
      {left && right && (
        <>
          <ReactCompareSlider
            style={{ maxHeight: '70dvh' }}
            itemOne={<ReactCompareSliderImage src={imageSrc(left.original_url)} alt={photoAlt(left)} style={{ objectFit: 'contain' }} />}
            itemTwo={<ReactCompareSliderImage src={imageSrc(right.original_url)} alt={photoAlt(right)} style={{ objectFit: 'contain' }} />}
          />
          <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
            {[left, right].map((p, i) => (
              // On a phone a label takes two lines: broken after the stage, never inside the time ("9:00 / AM").
              <Text key={p.id} size="xs" c="dimmed" ta={i === 1 ? 'right' : undefined} data-testid="compare-label">
                {STAGE_LABELS[p.stage]} · <span style={{ whiteSpace: 'nowrap' }}>{takenAtText(p, timeZone)}</span>
              </Text>
            ))}
          </Group>
        </>
      )}
    </Modal>
  );
}
