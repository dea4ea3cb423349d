import { ActionIcon, Anchor, Box, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconFileDescription, IconUser } from '@tabler/icons-react';
import type { JobTask, TaskStatus } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { SendModal, type SendTarget } from '../../documents';
import { useUpdateTaskStatus } from '../../tasks';
import { TaskBadges } from '../../../components/task-badges';
import { TASK_STATUS_OPTIONS } from '../../../lib/task-display';
import { assigneeLabel, type ContactDirectory } from '../lib/assignee';

/** A card shows this many tasks before "Show all"; a job detail page shows them all. */
const COLLAPSED_COUNT = 5;

export function JobTaskList({ tasks, directory, isCollapsible = true }: { tasks: JobTask[]; directory: ContactDirectory; isCollapsible?: boolean }) {
  const [isExpanded, setExpanded] = useState(false);
  const [workOrder, setWorkOrder] = useState<SendTarget | null>(null);
  if (tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        No tasks yet
      </Text>
    );
  }
  const shown = isCollapsible && !isExpanded ? tasks.slice(0, COLLAPSED_COUNT) : tasks;
  return (
    <Stack gap={0}>
      {shown.map((task) => (
        <JobTaskRow key={task.id} task={task} directory={directory} onWorkOrder={() => setWorkOrder({ kind: 'work_order', jobId: task.job_id, taskId: task.id, taskName: task.description })} />
      ))}
      {isCollapsible && tasks.length > COLLAPSED_COUNT && (
        <Button variant="subtle" size="xs" onClick={() => setExpanded((v) => !v)} mt={4} style={{ alignSelf: 'flex-start' }}>
          {isExpanded ? 'Show fewer tasks' : `Show all ${tasks.length} tasks`}
        </Button>
      )}
      <SendModal target={workOrder} onClose={() => setWorkOrder(null)} />
    </Stack>
  );
}

function JobTaskRow({ task, directory, onWorkOrder }: { task: JobTask; directory: ContactDirectory; onWorkOrder: () => void }) {
  // The jobs dashboard sends the status as a query parameter (spec 001 §7); any status may be chosen (§2).
  const update = useUpdateTaskStatus({ sendAs: 'query' });
  // Until the job refetches, show the status being saved.
  const status: TaskStatus = update.isPending ? update.variables.status : task.status;

  const change = (next: TaskStatus) => {
    if (next === task.status) return;
    update.mutate(
      { id: task.id, status: next },
      { onError: (err) => toast.error(`Failed to update task: ${err.message}`) },
    );
  };

  return (
    <Group
      justify="space-between"
      align="center"
      gap="sm"
      py={8}
      wrap="nowrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="job-task"
      data-task-id={task.id}
    >
      <Box miw={0} style={{ flex: '1 1 auto' }}>
        <Anchor
          component={Link}
          to={`/tasks/${task.id}`}
          size="sm"
          fw={500}
          c="var(--mantine-color-text)"
          td={status === 'completed' ? 'line-through' : undefined}
          style={{ wordBreak: 'break-word' }}
        >
          {task.description}
        </Anchor>
        <Group gap={6} mt={4} wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconUser size={13} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {assigneeLabel(task.assigned_to, directory)}
            </Text>
          </Group>
          <TaskBadges task={{ ...task, status }} />
        </Group>
      </Box>
      <ActionIcon variant="subtle" size="lg" onClick={onWorkOrder} aria-label={`Work order for ${task.description}`} title="Work order (PDF)" style={{ flexShrink: 0 }}>
        <IconFileDescription size={18} />
      </ActionIcon>
      <NativeSelect
        size="sm"
        w={{ base: 128, xs: 150 }}
        style={{ flexShrink: 0 }}
        aria-label={`Status of ${task.description}`}
        data={TASK_STATUS_OPTIONS}
        value={status}
        disabled={update.isPending}
        onChange={(e) => change(e.currentTarget.value as TaskStatus)}
      />
    </Group>
  );
}
