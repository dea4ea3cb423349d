import type { Photo } from '@fieldbook/contract';
import { Box, Center, Checkbox, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { imageSrc, photoAlt, STAGE_LABELS } from '../lib/photo-labels';

/**
 * One cell of the grid: the thumbnail (a signed URL, cached by the browser within its window), or while the server
 * makes it a "Processing" placeholder, or "No preview" when it could not. In compare mode the cell is a toggle.
 */
export function PhotoThumb({ photo, size, onOpen, isSelected }: { photo: Photo; size: number; onOpen: () => void; isSelected?: boolean | undefined }) {
  const isPicking = isSelected !== undefined;
  const alt = photoAlt(photo);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={isPicking ? `Choose photo: ${alt}` : `Open photo: ${alt}`}
      aria-pressed={isPicking ? isSelected : undefined}
      data-testid="photo-thumb"
      style={{
        position: 'relative',
        width: size,
        height: size,
        borderRadius: 6,
        overflow: 'hidden',
        background: 'var(--mantine-color-gray-1)',
        outline: isSelected ? '3px solid var(--mantine-color-fieldbook-6)' : undefined,
        outlineOffset: -3,
      }}
    >
      {/* Marked up: the server's rendering of the markup, once drawn. */}
      {photo.thumbnail_url ? (
        <img src={imageSrc(photo.markup?.rendered_thumbnail_url ?? photo.thumbnail_url)} alt={alt} loading="lazy" decoding="async" width={size} height={size} style={{ objectFit: 'cover', display: 'block', width: '100%', height: '100%' }} />
      ) : (
        <Center h="100%">
          <Stack gap={4} align="center">
            {photo.status === 'processing' && <Loader size="xs" />}
            <Text size="xs" c="dimmed">
              {photo.status === 'failed' ? 'No preview' : 'Processing'}
            </Text>
          </Stack>
        </Center>
      )}
      <Box pos="absolute" left={4} bottom={4} px={4} style={{ borderRadius: 4, background: 'rgba(0,0,0,.55)' }}>
        <Text size="10px" c="white" fw={600}>
          {STAGE_LABELS[photo.stage]}
        </Text>
      </Box>
      {isPicking && <Checkbox checked={isSelected} readOnly tabIndex={-1} aria-hidden pos="absolute" top={6} right={6} size="sm" />}
    </UnstyledButton>
  );
}
