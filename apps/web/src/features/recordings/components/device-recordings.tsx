import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled, IconRefresh, IconTrash } from '@tabler/icons-react';
import { CallRecorder } from '@fieldbook/call-recorder';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatFileSize } from '../../../lib/format-file-size';
import type { SyncEntry, SyncState } from '../lib/recording-sync';
import { useRecordingSync } from '../lib/use-recording-sync';

/** How many of the phone's recordings are listed (the newest); the counts cover all of them. */
const SHOWN = 20;

const STATE: Record<SyncState, { label: string; color: string }> = {
  pending: { label: 'Waiting to upload', color: 'gray' },
  uploading: { label: 'Uploading', color: 'blue' },
  failed: { label: 'Upload failed', color: 'red' },
  done: { label: 'Uploaded', color: 'green' },
};

/**
 * The recordings on the phone (mobile app only) with the sync service's status (getStatus: waiting, uploading,
 * failed, uploaded), Retry for failed uploads, and per recording Play/Stop and Delete through the recorder plugin.
 * Without a running service: 'Sync service is not available.' (spec 001 §8).
 */
export function DeviceRecordings() {
  const { service, status } = useRecordingSync();
  const [playing, setPlaying] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SyncEntry | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  if (!service || !status) {
    return (
      <Alert variant="light" color="orange" title="Sync service is not available." role="alert">
        Recordings made on this phone are uploaded once the recorder has started. Reopen the app to try again.
      </Alert>
    );
  }

  const play = async (entry: SyncEntry) => {
    try {
      await CallRecorder.playRecording({ path: entry.path });
      setPlaying(entry.deviceId);
    } catch {
      toast.error('Failed to play recording');
    }
  };
  const stop = async () => {
    setPlaying(null);
    await CallRecorder.stopRecording().catch(() => undefined);
  };
  const remove = async (entry: SyncEntry) => {
    setIsDeleting(true);
    try {
      if (playing === entry.deviceId) await stop();
      await CallRecorder.deleteRecording({ path: entry.path });
      await service.forget(entry.deviceId);
      toast.success(`${entry.name} deleted from this phone`);
      setDeleting(null);
    } catch {
      toast.error('Failed to delete the recording from this phone');
    } finally {
      setIsDeleting(false);
    }
  };

  const summary = [`${status.done} uploaded`, `${status.pending} waiting`, `${status.uploading} uploading`, `${status.failed} failed`].join(' · ');
  return (
    <Paper withBorder p="md" component="section" aria-label="On this phone">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>On this phone</Text>
          <Text size="sm" c="dimmed" data-testid="sync-status">
            {summary}
          </Text>
        </Group>
        {status.listError && (
          <Alert color="red" variant="light" title="Failed to load recordings" role="alert">
            <Text size="sm">{status.listError}</Text>
            <Button size="xs" mt="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void service.scan()}>
              Retry
            </Button>
          </Alert>
        )}
        {status.failed > 0 && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="red">
              {status.failed === 1 ? '1 recording could not be uploaded.' : `${status.failed} recordings could not be uploaded.`}
            </Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void service.retry()}>
              Retry uploads
            </Button>
          </Group>
        )}
        {status.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No recordings on this phone yet.
          </Text>
        ) : (
          <Stack gap={6}>
            {status.entries.slice(0, SHOWN).map((entry) => (
              <DeviceRecordingRow key={entry.deviceId} entry={entry} isPlaying={playing === entry.deviceId} onPlay={() => void play(entry)} onStop={() => void stop()} onDelete={() => setDeleting(entry)} />
            ))}
            {status.entries.length > SHOWN && (
              <Text size="xs" c="dimmed">
                and {status.entries.length - SHOWN} more
              </Text>
            )}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete from this phone"
        message={deleting?.state === 'done' ? `Delete ${deleting.name} from this phone? The uploaded copy stays in Fieldbook.` : `Delete ${deleting?.name ?? ''} from this phone? It has not been uploaded: it will be gone.`}
        confirmLabel="Delete"
        isWorking={isDeleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Paper>
  );
}

function DeviceRecordingRow({ entry, isPlaying, onPlay, onStop, onDelete }: { entry: SyncEntry; isPlaying: boolean; onPlay: () => void; onStop: () => void; onDelete: () => void }) {
  const state = STATE[entry.state];
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="device-recording" aria-label={entry.name}>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <ActionIcon variant={isPlaying ? 'filled' : 'light'} radius="xl" size="lg" onClick={isPlaying ? onStop : onPlay} aria-label={isPlaying ? `Stop ${entry.name}` : `Play ${entry.name}`}>
          {isPlaying ? <IconPlayerStopFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
        </ActionIcon>
        <Box miw={0}>
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {entry.name}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge size="xs" variant="light" color={state.color}>
              {entry.state === 'uploading' ? `${state.label} ${entry.progress}%` : state.label}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatFileSize(entry.size)}
            </Text>
          </Group>
          {entry.state === 'uploading' && <Progress value={entry.progress} size="xs" mt={4} aria-label={`Uploading ${entry.name}`} />}
          {entry.error && entry.state !== 'done' && (
            <Text size="xs" c="red">
              {entry.error}
            </Text>
          )}
        </Box>
      </Group>
      <Tooltip label="Delete from this phone">
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onDelete} aria-label={`Delete ${entry.name} from this phone`} disabled={entry.state === 'uploading'}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
