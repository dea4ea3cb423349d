import { Anchor, Badge, Button, Chip, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconChecklist, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { previewText } from '../../../lib/preview';
import { LoadError } from '../../../components/load-error';
import { TaskBadges } from '../../../components/task-badges';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useDashboardTasks } from '../api/get-dashboard-tasks';
import { groupChips, recentPendingTasks, taskTarget } from '../lib/dashboard-tasks';
import { StatTiles } from './stat-tiles';

/**
 * The fast dashboard (/optimized-home, /fast-dashboard; spec 001 §2): stat tiles, group chips, up to 5 pending
 * tasks of the 20 loaded, quick buttons to jobs, tasks and groups.
 */
export function FastDashboard() {
  const navigate = useNavigate();
  const stats = useDashboardStats();
  const tasks = useDashboardTasks();
  const [groupId, setGroupId] = useState<string | null>(null);
  const loaded = useMemo(() => tasks.data?.tasks ?? [], [tasks.data]);
  const chips = useMemo(() => groupChips(loaded), [loaded]);
  const pending = recentPendingTasks(loaded, groupId);
  const failed = stats.error ?? tasks.error;

  return (
    <>
      <PageHeader
        title="Fast Dashboard"
        description="Your workspace at a glance."
        actions={
          <Group gap="xs">
            <Button component={Link} to="/jobs" variant="light" leftSection={<IconBriefcase size={16} />}>
              Jobs
            </Button>
            <Button component={Link} to="/tasks" variant="light" leftSection={<IconChecklist size={16} />}>
              Tasks
            </Button>
            <Button component={Link} to="/groups" variant="light" leftSection={<IconUsersGroup size={16} />}>
              Groups
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        {failed && (
          <LoadError
            error={failed}
            title="Could not load the dashboard"
            message={`Failed to load dashboard data: ${failed.message}`}
            isRetrying={stats.isFetching || tasks.isFetching}
            onRetry={() => {
              void stats.refetch();
              void tasks.refetch();
            }}
          />
        )}
        {!stats.isError && <StatTiles stats={stats.data} />}

        <Paper withBorder p="md" component="section" aria-label="Groups">
          <Group justify="space-between" mb="xs">
            <Text fw={700}>Groups</Text>
            <Anchor component={Link} to="/groups" size="sm" fw={600} aria-label="View All Groups">
              View All
            </Anchor>
          </Group>
          {chips.length === 0 ? (
            <Text size="sm" c="dimmed">
              None of the recent tasks belongs to a group.
            </Text>
          ) : (
            <Chip.Group value={groupId ?? ''} onChange={(v) => setGroupId(typeof v === 'string' && v ? v : null)}>
              <Group gap="xs">
                <Chip value="">All groups</Chip>
                {chips.map((chip) => (
                  <Chip key={chip.id} value={chip.id}>
                    {chip.name} ({chip.count})
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
        </Paper>

        <Paper withBorder p="md" component="section" aria-label="Recent Tasks">
          <Group justify="space-between" mb="xs">
            <Text fw={700}>
              Recent Tasks{' '}
              <Text span size="sm" c="dimmed" fw={500}>
                pending
              </Text>
            </Text>
            {/* With a group chosen, the Tasks page opens filtered to that group (its filter comes as navigation state). */}
            <Anchor component={Link} to="/tasks" state={groupId ? { groupId } : undefined} size="sm" fw={600} aria-label="View All Tasks">
              View All
            </Anchor>
          </Group>
          {tasks.isPending ? (
            <Skeleton height={160} />
          ) : pending.length === 0 ? (
            <Text size="sm" c="dimmed" py="md" ta="center">
              No pending tasks
            </Text>
          ) : (
            <Stack gap={0}>
              {pending.map((task) => {
                const target = taskTarget(task);
                return (
                  <UnstyledButton
                    key={task.id}
                    onClick={() => void navigate(target.to, { state: target.state })}
                    py={10}
                    px={4}
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                    data-testid="dashboard-task"
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500}>
                          {previewText(task.description)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {task.title}
                        </Text>
                      </div>
                      {task.groups && (
                        <Badge size="sm" variant="outline" style={{ flexShrink: 0 }}>
                          {task.groups.name}
                        </Badge>
                      )}
                    </Group>
                    <Group mt={6}>
                      <TaskBadges task={task} />
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          )}
        </Paper>
      </Stack>
    </>
  );
}
