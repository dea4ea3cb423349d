import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconCircleCheck, IconClockHour4, IconFileText, IconListCheck } from '@tabler/icons-react';
import type { DashboardStats } from '@fieldbook/contract';
import type { ReactNode } from 'react';

type Tile = { label: string; value: number; detail?: string; icon: ReactNode; color: string };

function tiles(stats: DashboardStats): Tile[] {
  return [
    { label: 'Active Jobs', value: stats.activeJobs, detail: `of ${stats.total_jobs} jobs`, icon: <IconBriefcase size={20} />, color: 'fieldbook' },
    { label: 'Pending Tasks', value: stats.pendingTasks, detail: `of ${stats.total_tasks} tasks`, icon: <IconListCheck size={20} />, color: 'yellow' },
    { label: 'In Progress', value: stats.tasks_in_progress, icon: <IconClockHour4 size={20} />, color: 'blue' },
    { label: 'Completed', value: stats.tasks_completed, icon: <IconCircleCheck size={20} />, color: 'green' },
    { label: 'Documents', value: stats.totalDocuments, icon: <IconFileText size={20} />, color: 'grape' },
  ];
}

/** The fast dashboard's stat tiles (GET /api/dashboard/stats). */
export function StatTiles({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {stats
        ? tiles(stats).map((tile) => (
            <Paper key={tile.label} withBorder p="md" data-testid="stat-tile" aria-label={tile.label}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                    {tile.label}
                  </Text>
                  <Text fz={28} fw={700} lh={1.2}>
                    {tile.value}
                  </Text>
                  {tile.detail && (
                    <Text size="xs" c="dimmed">
                      {tile.detail}
                    </Text>
                  )}
                </div>
                <ThemeIcon variant="light" color={tile.color} size={36} radius="md">
                  {tile.icon}
                </ThemeIcon>
              </Group>
            </Paper>
          ))
        : [0, 1, 2, 3, 4].map((i) => <Skeleton key={i} height={96} radius="lg" />)}
    </SimpleGrid>
  );
}
