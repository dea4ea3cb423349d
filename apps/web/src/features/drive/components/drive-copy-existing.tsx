import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { DriveStatus } from '@fieldbook/contract';
import { useState } from 'react';
import { errorReason } from '../../../lib/error-reason';
import { isCopyingExisting, useCopyExistingItems } from '../api/drive';

/**
 * "Copy existing items" (issue 32 item 11): connecting copies what is added from then on; this queues what was there
 * before — the user's documents, calls and transcripts — on the server's copy job, and shows its progress from the
 * status (read again while copies are on their way: useDriveStatus({ followExisting })).
 */
export function DriveCopyExisting({ status }: { status: DriveStatus }) {
  const copy = useCopyExistingItems();
  const [error, setError] = useState<string | null>(null);
  const { total, done, failed } = status.existing;
  const isCopying = isCopyingExisting(status);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600} size="sm">
              Copy existing items
            </Text>
            <Text size="sm" c="dimmed">
              New items are copied as they are added. Copy the documents, calls and transcripts you added before connecting too.
            </Text>
          </div>
          <Button
            size="xs"
            variant="light"
            loading={copy.isPending}
            disabled={status.status !== 'connected' || isCopying}
            onClick={() => {
              setError(null);
              copy.mutate(undefined, { onError: (err) => setError(errorReason(err)) });
            }}
          >
            Copy existing items
          </Button>
        </Group>
        {total > 0 && (
          <Stack gap={4} aria-label="Copy existing items progress">
            <Progress value={(100 * (done + failed)) / total} size="sm" aria-label="Copied" />
            <Text size="xs" c="dimmed" role="status">
              {`Copied ${done} of ${total} existing items${failed > 0 ? `; ${failed} failed` : ''}${isCopying ? '…' : ''}`}
            </Text>
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{error}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
