import { Badge, Box, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudUpload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isOffline, offlineQueue, requestOfflineSync, useOfflineWrites, useSendingWrite } from '../../lib/offline/offline-queue';
import type { QueuedWrite } from '../../lib/offline/write-queue';

function useIsOffline(): boolean {
  const [offline, setOffline] = useState(isOffline);
  useEffect(() => {
    const update = () => setOffline(isOffline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return offline;
}

/** "3 pending", "2 pending · 1 failed", "1 failed". */
export function pendingSummary(writes: readonly QueuedWrite[]): string {
  const pending = writes.filter((w) => w.state === 'pending').length;
  const failed = writes.length - pending;
  return [pending > 0 ? `${pending} pending` : '', failed > 0 ? `${failed} failed` : ''].filter(Boolean).join(' · ');
}

/**
 * The header's count of changes waiting for the network (the offline queue, lib/offline) and the list behind it:
 * each change with its state, a refused one with the server's reason, Retry and Discard, and Sync now.
 * Nothing shows while the queue is empty. The change being sent shows as Sending, without Discard: the queue never
 * takes it back (the server may already have it).
 */
export function PendingChanges() {
  const writes = useOfflineWrites();
  const sending = useSendingWrite();
  const offline = useIsOffline();
  const [opened, modal] = useDisclosure(false);
  if (writes.length === 0 && !opened) return null;
  const hasFailed = writes.some((w) => w.state === 'failed');
  const summary = pendingSummary(writes);
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color={hasFailed ? 'red' : 'orange'}
        leftSection={<IconCloudUpload size={16} aria-hidden />}
        onClick={modal.open}
        aria-label={`Pending changes: ${summary}`}
        data-testid="pending-changes"
      >
        {/* A phone's header has room for the number only; the label says it all. */}
        <Box component="span" visibleFrom="sm">
          {summary || '0 pending'}
        </Box>
        <Box component="span" hiddenFrom="sm">
          {writes.length}
        </Box>
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Pending changes" size="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {offline ? 'You are offline. These changes are kept on this device and sent when you reconnect.' : 'These changes are kept on this device until the server has them.'}
          </Text>
          {writes.length === 0 && <Text size="sm">All changes are synced.</Text>}
          {writes.map((w) => (
            <Paper key={w.id} withBorder p="sm" radius="md" data-testid="pending-change" data-state={w.state}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {w.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Queued {new Date(w.createdAt).toLocaleString()}
                  </Text>
                  {w.state === 'failed' && w.error && (
                    <Text size="xs" c="red.8">
                      {w.error}
                    </Text>
                  )}
                </Stack>
                <Badge color={w.state === 'failed' ? 'red' : w.id === sending ? 'blue' : 'orange'} variant="light" style={{ flexShrink: 0 }}>
                  {w.state === 'failed' ? 'Failed' : w.id === sending ? 'Sending' : 'Waiting'}
                </Badge>
              </Group>
              <Group gap="xs" mt="xs" justify="flex-end">
                {w.state === 'failed' && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={() => void offlineQueue.retry(w.id).then(requestOfflineSync)}
                    aria-label={`Retry ${w.label}`}
                  >
                    Retry
                  </Button>
                )}
                {w.id !== sending && (
                  <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void offlineQueue.discard(w.id)} aria-label={`Discard ${w.label}`}>
                    Discard
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
          <Group justify="flex-end">
            <Button onClick={requestOfflineSync} disabled={offline || !writes.some((w) => w.state === 'pending')} leftSection={<IconRefresh size={16} aria-hidden />}>
              Sync now
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
