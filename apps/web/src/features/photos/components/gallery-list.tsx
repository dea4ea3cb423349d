import type { PhotoGallery } from '@fieldbook/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useGalleries, useRevokeGallery } from '../api/photo-galleries';
import { GalleryLinkActions } from './gallery-link-actions';

const STATE = { live: { label: 'Live', color: 'green' }, expired: { label: 'Expired', color: 'gray' }, revoked: { label: 'Revoked', color: 'red' } } as const;
const day = (iso: string) => new Date(iso).toLocaleDateString();

function GalleryRow({ gallery, onRevoke }: { gallery: PhotoGallery; onRevoke: () => void }) {
  const [isShowingLink, setShowingLink] = useState(false);
  const g = gallery;
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {g.label || 'Shared gallery'} · {g.photo_ids.length} photo{g.photo_ids.length === 1 ? '' : 's'}
            </Text>
            <Text size="xs" c="dimmed">
              {g.state === 'revoked' && g.revoked_at ? `Turned off ${day(g.revoked_at)}` : `${g.state === 'expired' ? 'Expired' : 'Expires'} ${day(g.expires_at)}`}
              {g.viewed_at ? ` · first viewed ${day(g.viewed_at)}` : ' · not viewed yet'}
            </Text>
          </Stack>
          <Badge color={STATE[g.state].color} variant="light" style={{ flexShrink: 0 }}>
            {STATE[g.state].label}
          </Badge>
        </Group>
        {g.state === 'live' && g.link && (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => setShowingLink((v) => !v)}>
              {isShowingLink ? 'Hide link' : 'Link'}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onRevoke}>
              Revoke
            </Button>
          </Group>
        )}
        {isShowingLink && g.link && <GalleryLinkActions link={g.link} />}
      </Stack>
    </Paper>
  );
}

/** The job's shared galleries: each link's state, when it was first viewed, its link, and Revoke. */
export function GalleryList({ jobId }: { jobId: string }) {
  const galleries = useGalleries(jobId);
  const revoke = useRevokeGallery(jobId);
  const [revoking, setRevoking] = useState<PhotoGallery | null>(null);
  const list = galleries.data?.galleries ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-label="Shared galleries">
      <Text fw={600} size="sm">
        Shared galleries
      </Text>
      {list.map((g) => (
        <GalleryRow key={g.id} gallery={g} onRevoke={() => setRevoking(g)} />
      ))}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this gallery link?"
        message="Whoever has the link will see that it was turned off. This cannot be undone; share a new gallery instead."
        confirmLabel="Revoke"
        isWorking={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
