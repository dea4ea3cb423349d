import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '../../lib/format-file-size';
import type { UploadQueue } from '../../lib/uploads/use-upload-queue';

/** The upload status area (spec 001 §4): each file pending, uploading with its percentage, uploaded, or its error with Retry. */
export function UploadList({ queue, label }: { queue: UploadQueue; label: string }) {
  if (queue.entries.length === 0) return null;
  return (
    <Stack gap={6} aria-label={label} role="list">
      {queue.entries.map((entry) => (
        <Paper key={entry.key} withBorder p="xs" role="listitem" data-testid="upload-item">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" fw={500} truncate>
              {entry.name} · {formatFileSize(entry.size)}
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {entry.state === 'pending' && <Text size="xs">Pending</Text>}
              {entry.state === 'uploading' && <Text size="xs">Uploading {entry.percent}%</Text>}
              {entry.state === 'success' && (
                <Text size="xs" c="green">
                  Uploaded
                </Text>
              )}
              {entry.state === 'error' && (
                <Button size="compact-xs" variant="light" color="red" onClick={() => void queue.retry(entry.key)}>
                  Retry
                </Button>
              )}
              {entry.state !== 'uploading' && entry.state !== 'pending' && (
                <Button size="compact-xs" variant="subtle" color="gray" onClick={() => queue.dismiss(entry.key)} aria-label={`Dismiss ${entry.name}`}>
                  ×
                </Button>
              )}
            </Group>
          </Group>
          {(entry.state === 'uploading' || entry.state === 'pending') && <Progress value={entry.percent} size="xs" mt={4} aria-label={`Uploading ${entry.name}`} />}
          {entry.state === 'error' && (
            <Text size="xs" c="red" role="alert" mt={4}>
              {entry.error}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
