import { Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useOfflineWrites } from '../../../lib/offline/offline-queue';
import type { QueuedWrite } from '../../../lib/offline/write-queue';

/** At most this many previews (object URLs of the queued files); the count says the rest. */
const MAX_PREVIEWS = 12;

/** This job's photos waiting in the offline queue (taken without a network), oldest first. */
function pendingPhotosOf(writes: readonly QueuedWrite[], jobId: string) {
  return writes.filter((w) => w.request.kind === 'upload' && w.request.endpoint === 'photos.upload' && w.request.fields.job_id === jobId);
}

/**
 * The photos a crew took on this job without a network: they wait in the offline queue (IndexedDB) until it returns,
 * so the grid (the server's photos) cannot show them yet — without this the panel said "No photos yet" while ten
 * waited, and only the header's Pending changes told the crew their photos were kept.
 */
export function PendingPhotos({ jobId }: { jobId: string }) {
  const writes = useOfflineWrites();
  const pending = useMemo(() => pendingPhotosOf(writes, jobId), [writes, jobId]);
  const files = useMemo(() => pending.slice(0, MAX_PREVIEWS).flatMap((w) => (w.request.kind === 'upload' ? [{ id: w.id, file: w.request.file }] : [])), [pending]);
  const [urls, setUrls] = useState<{ id: string; url: string }[]>([]);
  useEffect(() => {
    const made = files.map((f) => ({ id: f.id, url: URL.createObjectURL(f.file) }));
    setUrls(made);
    return () => made.forEach((m) => URL.revokeObjectURL(m.url));
  }, [files]);
  if (pending.length === 0) return null;
  const failed = pending.filter((w) => w.state === 'failed').length;
  return (
    <Stack gap={6} aria-label="Photos waiting to upload">
      <Text size="sm" fw={500}>
        {pending.length === 1 ? '1 photo waits for a connection' : `${pending.length} photos wait for a connection`}
        {failed > 0 ? ` (${failed} could not be sent — see Pending changes)` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        They are kept on this device and sent once when you are back online.
      </Text>
      <Group gap={6}>
        {urls.map((u) => (
          <Image key={u.id} src={u.url} alt="" w={56} h={56} radius="sm" fit="cover" />
        ))}
      </Group>
    </Stack>
  );
}
