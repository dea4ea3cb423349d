import { Alert, Anchor, Button, Center, Divider, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconArrowLeft, IconBriefcase, IconCheck, IconUserShare } from '@tabler/icons-react';
import { formatPhoneInput, type TaskStatus } from '@fieldbook/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTask } from '../api/get-task';
import { dueLabel } from '../../../lib/due-status';
import { assigneeName, taskJobName } from '../lib/group-tasks';
import { TASK_STATUS_OPTIONS, toggledStatus } from '../../../lib/task-display';
import { AssignTaskDialog } from './assign-task-dialog';
import { TaskBadges } from '../../../components/task-badges';
import { useTaskStatusChange } from './use-task-status-change';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /tasks/:id — one task: its job, status, priority, due date and assignee, with the task's actions. */
export function TaskDetail({ id }: { id: string }) {
  const task = useTask(id);
  const { change, isPending } = useTaskStatusChange();
  const [isAssignOpen, setAssignOpen] = useState(false);

  const back = (
    <Anchor component={Link} to="/tasks" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} /> All tasks
      </Group>
    </Anchor>
  );

  if (task.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading task" />
      </Center>
    );
  }
  if (task.isError) {
    const isMissing = 'status' in task.error && (task.error.status === 404 || task.error.status === 400);
    return (
      <Stack gap="md">
        {back}
        <Alert color={isMissing ? 'gray' : 'red'} icon={<IconAlertTriangle size={18} />} title={isMissing ? 'Task not found' : 'The task could not be loaded'}>
          {isMissing ? 'It may have been deleted, or it belongs to another workspace.' : task.error.message}
          {!isMissing && (
            <Button size="xs" variant="white" color="red" mt="sm" display="block" onClick={() => void task.refetch()}>
              Retry
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }

  const t = task.data;
  const isCompleted = t.status === 'completed';
  const setStatus = (status: TaskStatus) =>
    status !== t.status && change(t.id, status, status === 'completed' ? 'Task marked complete' : isCompleted ? 'Task reopened' : 'Status updated');

  return (
    <Stack gap="md">
      {back}
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} td={isCompleted ? 'line-through' : undefined}>
            {t.description}
          </Title>
          <TaskBadges task={t} withStatus />
          <Group gap="sm" wrap="wrap">
            <Button
              color={isCompleted ? 'gray' : 'green'}
              variant={isCompleted ? 'default' : 'filled'}
              leftSection={isCompleted ? <IconArrowBackUp size={16} /> : <IconCheck size={16} />}
              onClick={() => setStatus(toggledStatus(t.status))}
              loading={isPending}
            >
              {isCompleted ? 'Reopen' : 'Mark Complete'}
            </Button>
            <Button variant="default" leftSection={<IconUserShare size={16} />} onClick={() => setAssignOpen(true)}>
              {t.assigned_to ? 'Reassign' : 'Assign'}
            </Button>
            <NativeSelect aria-label="Task status" data={TASK_STATUS_OPTIONS} value={t.status} onChange={(e) => setStatus(e.currentTarget.value as TaskStatus)} w={170} />
          </Group>
          <Divider />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact label="Job">
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconBriefcase size={16} style={{ flex: 'none', marginTop: 2 }} />
                <div>
                  <Anchor component={Link} to={`/jobs/${t.job_id}`} fw={600}>
                    {taskJobName(t.job)}
                  </Anchor>
                  {t.job.title && <Text size="sm">{t.job.title}</Text>}
                  {t.job.property_address && (
                    <Text size="xs" c="dimmed">
                      {t.job.property_address}
                    </Text>
                  )}
                </div>
              </Group>
            </Fact>
            <Fact label="Assigned to">
              <Text span size="sm">
                {assigneeName(t)}
              </Text>
              {t.assigned_to && t.assignee_name && (
                <Text size="xs" c="dimmed">
                  {formatPhoneInput(t.assigned_to)}
                </Text>
              )}
            </Fact>
            <Fact label="Due">{dueLabel(t.due_date)}</Fact>
            <Fact label="Priority">
              <Text tt="capitalize" size="sm">
                {t.priority}
              </Text>
            </Fact>
            <Fact label="Created">{formatDateTime(t.created_at)}</Fact>
            <Fact label="Last updated">{formatDateTime(t.updated_at)}</Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
      <AssignTaskDialog task={isAssignOpen ? t : null} onClose={() => setAssignOpen(false)} />
    </Stack>
  );
}
