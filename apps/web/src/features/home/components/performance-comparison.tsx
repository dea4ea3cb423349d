import { ActionIcon, Badge, Box, Group, Paper, Progress, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconBolt, IconRefresh } from '@tabler/icons-react';
import type { PathTiming } from '@fieldbook/contract';
import { usePerformanceStats } from '../api/get-performance-stats';
import { comparisonBars, formatRequests, formatSeconds, improvementLabel } from '../lib/performance';

/** Optimized versus original, as the server measured them just now (GET /api-fast/optimized/performance-stats). */
export function PerformanceComparison() {
  const stats = usePerformanceStats();

  return (
    <Paper withBorder p="md" aria-label="Performance comparison" component="section" data-testid="performance-comparison">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconBolt size={18} color="var(--mantine-color-fieldbook-7)" />
          <Text fw={700} size="sm">
            Performance comparison
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {stats.data && (
            <Badge color={stats.data.improvement_percent > 0 ? 'green' : 'gray'} variant="light" data-testid="improvement" style={{ flexShrink: 0, overflow: 'visible' }}>
              {improvementLabel(stats.data.improvement_percent)}
            </Badge>
          )}
          <Tooltip label="Measure again" withArrow>
            <ActionIcon variant="subtle" aria-label="Measure again" loading={stats.isFetching} onClick={() => void stats.refetch()}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {stats.isPending ? (
        <Skeleton height={56} />
      ) : stats.isError ? (
        <Text size="sm" c="red" role="alert">
          Could not measure performance: {stats.error.message}
        </Text>
      ) : (
        <Stack gap={8}>
          <PathRow label="Optimized" color="fieldbook" timing={stats.data.optimized} bar={comparisonBars(stats.data).optimized} />
          <PathRow label="Original" color="gray" timing={stats.data.original} bar={comparisonBars(stats.data).original} />
          <Text size="xs" c="dimmed">
            Mean of {stats.data.runs} runs of each path on the server, measured at {new Date(stats.data.measured_at).toLocaleTimeString()}.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function PathRow({ label, color, timing, bar }: { label: string; color: string; timing: PathTiming; bar: number }) {
  return (
    <Box data-testid={`path-${label.toLowerCase()}`}>
      <Group justify="space-between" gap="xs" mb={2} wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" ff="monospace">
          {formatSeconds(timing.time_seconds)} · {formatRequests(timing.requests)}
        </Text>
      </Group>
      <Progress value={bar} color={color} size="sm" aria-label={`${label} time`} />
    </Box>
  );
}
