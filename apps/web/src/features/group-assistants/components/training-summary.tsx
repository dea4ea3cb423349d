import { Group, Progress, Stack, Text } from '@mantine/core';
import type { AssistantStats } from '@fieldbook/contract';
import { formatQuality, progressOf } from '../lib/assistant-status';

/** The Training column: examples, approved, average quality; while the job runs, where it is. */
export function TrainingSummary({ stats }: { stats: AssistantStats | null }) {
  if (!stats) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const progress = progressOf(stats.creation_status);
  return (
    <Stack gap={4} data-testid="training-summary">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          <b>{stats.training_examples_count}</b> examples
        </Text>
        <Text size="sm" c="dimmed">
          ·
        </Text>
        <Text size="sm">
          <b>{stats.approved_examples}</b> approved
        </Text>
        <Text size="sm" c="dimmed">
          ·
        </Text>
        <Text size="sm">Quality {formatQuality(stats.avg_quality)}</Text>
      </Group>
      {progress && (
        <>
          <Progress value={progress.percent} size="sm" striped animated aria-label="Training progress" maw={260} />
          <Text size="xs" c="dimmed">
            {progress.hint}
          </Text>
        </>
      )}
    </Stack>
  );
}
