import { Badge, Box, Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconChevronDown, IconExternalLink, IconPlus } from '@tabler/icons-react';
import type { Task, TaskStatus } from '@fieldbook/contract';
import { Link } from 'react-router';
import type { JobGroup } from '../lib/group-tasks';
import classes from './task-board.module.css';
import { TaskCard } from './task-card';

type JobSectionProps = {
  job: JobGroup;
  isOpen: boolean;
  onToggle: () => void;
  onCreateTask: (jobId: string) => void;
  onStatusChange: (task: Task, status: TaskStatus) => void;
  onReassign: (task: Task) => void;
};

/** One job inside an assignee's group: a collapsible header, its links, and the tasks. */
export function JobSection({ job, isOpen, onToggle, onCreateTask, onStatusChange, onReassign }: JobSectionProps) {
  const bodyId = `job-tasks-${job.jobId}-${job.tasks[0]?.assigned_to ?? 'none'}`;
  return (
    <Box className={classes.jobSection} data-testid="job-section">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onToggle} aria-expanded={isOpen} aria-controls={bodyId} className={classes.jobToggle}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconChevronDown size={18} className={classes.chevron} data-open={isOpen || undefined} aria-hidden />
            <Box miw={0}>
              <Group gap={6} wrap="nowrap">
                <IconBriefcase size={16} aria-hidden style={{ flex: 'none' }} />
                <Text fw={700} size="sm" truncate>
                  {job.jobName}
                </Text>
              </Group>
              {job.address && (
                <Text size="xs" c="dimmed" truncate>
                  {job.address}
                </Text>
              )}
            </Box>
          </Group>
        </UnstyledButton>
        <Badge variant="light" color={job.openCount ? 'blue' : 'gray'} style={{ flex: 'none' }}>
          {job.openCount} open / {job.tasks.length}
        </Badge>
      </Group>
      <Collapse expanded={isOpen} id={bodyId}>
        <Group gap={4} mt={6} mb="sm" wrap="wrap" ml={-8}>
          <Button component={Link} to={`/jobs/${job.jobId}`} size="compact-sm" variant="subtle" leftSection={<IconExternalLink size={14} />}>
            View Job Details
          </Button>
          <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => onCreateTask(job.jobId)}>
            Create Task for this Job
          </Button>
        </Group>
        <Stack gap="xs">
          {job.tasks.map((task) => (
            <TaskCard key={task.id} task={task} onStatusChange={onStatusChange} onReassign={onReassign} />
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}
