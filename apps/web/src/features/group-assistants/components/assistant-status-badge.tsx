import { Badge, Stack, Text } from '@mantine/core';
import type { AssistantStats } from '@fieldbook/contract';
import { NOT_INITIALIZED, statusColor, statusLabel } from '../lib/assistant-status';

/** The Assistant Status column (spec 002 §3): the status in its own colour, 'Not Initialized' without stats; a failure says why. */
export function AssistantStatusBadge({ stats }: { stats: AssistantStats | null }) {
  const status = stats?.creation_status ?? null;
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={statusColor(status)} variant={status ? 'light' : 'outline'} data-testid="assistant-status">
        {status ? statusLabel(status) : NOT_INITIALIZED}
      </Badge>
      {status === 'failed' && stats?.failure_reason && (
        <Text size="xs" c="red" maw={280} style={{ overflowWrap: 'anywhere' }}>
          {stats.failure_reason}
        </Text>
      )}
    </Stack>
  );
}
