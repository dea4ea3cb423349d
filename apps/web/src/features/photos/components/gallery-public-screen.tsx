import type { PublicGallery, PublicGalleryPhoto } from '@fieldbook/contract';
import { Button, Group, Image, Modal, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ClientPage, ClientPageBody, useViewOnce } from '../../../components/client-page';
import { useMarkGalleryViewed, usePublicGallery } from '../api/photo-galleries';
import { imageSrc, STAGE_LABELS } from '../lib/photo-labels';

/** /g/:token — the homeowner's or the adjuster's gallery (issue 35): no account, fits a 390 px phone. */
export function PublicGalleryScreen({ token }: { token: string }) {
  const gallery = usePublicGallery(token);
  // Rendered here, in a browser: a view, told once (the client side's rule, components/client-page).
  const { mutate: markViewed } = useMarkGalleryViewed(token);
  useViewOnce(gallery.data !== undefined, markViewed);
  return (
    <ClientPageBody query={gallery} unavailableTitle="Gallery unavailable">
      {(g) => <PublicGalleryContent gallery={g} />}
    </ClientPageBody>
  );
}

const takenText = (p: PublicGalleryPhoto, timeZone: string) =>
  new Date(p.taken_at).toLocaleString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function PublicGalleryContent({ gallery }: { gallery: PublicGallery }) {
  const [open, setOpen] = useState<number | null>(null);
  const isPhone = useMediaQuery('(max-width: 40em)');
  const photo = open === null ? null : gallery.photos[open];
  const count = gallery.photos.length;
  return (
    <ClientPage>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={700} fz={20}>
            {gallery.company}
          </Text>
          <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
            {gallery.job.title}
          </Title>
          {gallery.job.property_address && (
            <Text size="sm" c="dimmed">
              {gallery.job.property_address}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {count} photo{count === 1 ? '' : 's'} · this link works until {new Date(gallery.expires_at).toLocaleDateString('en-US', { timeZone: gallery.time_zone, month: 'short', day: 'numeric', year: 'numeric' })}
          </Text>
        </Stack>
        {count === 0 ? (
          <Text c="dimmed">There are no photos in this gallery.</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {gallery.photos.map((p, i) => (
              // Top-aligned: a button centres its content, so a tile without a caption sat lower than its captioned neighbour.
              <UnstyledButton key={p.id} onClick={() => setOpen(i)} style={{ alignSelf: 'start' }} aria-label={`Open photo: ${p.caption || `${STAGE_LABELS[p.stage]} photo`}`}>
                <Stack gap={2}>
                  <Image src={imageSrc(p.thumbnail_url ?? p.large_url)} alt={p.caption || `${STAGE_LABELS[p.stage]} photo`} radius="sm" loading="lazy" style={{ aspectRatio: '1', objectFit: 'cover' }} />
                  {p.caption && (
                    <Text size="xs" lineClamp={2}>
                      {p.caption}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {STAGE_LABELS[p.stage]} · {takenText(p, gallery.time_zone)}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Modal opened={photo !== null && photo !== undefined} onClose={() => setOpen(null)} fullScreen={isPhone} size="xl" title={photo ? `${STAGE_LABELS[photo.stage]} · ${takenText(photo, gallery.time_zone)}` : ''}>
        {photo && open !== null && (
          <Stack gap="sm">
            <Image src={imageSrc(photo.large_url)} alt={photo.caption || `${STAGE_LABELS[photo.stage]} photo`} fit="contain" mah="70dvh" />
            {photo.caption && <Text>{photo.caption}</Text>}
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconChevronLeft size={16} />} disabled={open === 0} onClick={() => setOpen(open - 1)}>
                Previous
              </Button>
              <Text size="sm" c="dimmed">
                {open + 1} of {count}
              </Text>
              <Button variant="default" rightSection={<IconChevronRight size={16} />} disabled={open === count - 1} onClick={() => setOpen(open + 1)}>
                Next
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </ClientPage>
  );
}
