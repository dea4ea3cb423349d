import { Avatar, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { formatPhoneInput, type Task, type TaskStatus } from '@fieldbook/contract';
import { initialsOf } from '../../contacts';
import type { AssigneeGroup } from '../lib/group-tasks';
import { JobSection } from './job-section';

type AssigneeSectionProps = {
  group: AssigneeGroup;
  isJobOpen: (jobKey: string) => boolean;
  onToggleJob: (jobKey: string) => void;
  onCreateTask: (jobId: string) => void;
  onStatusChange: (task: Task, status: TaskStatus) => void;
  onReassign: (task: Task) => void;
  /** More pages exist: the counts are of the loaded tasks, not the assignee's total. */
  isPartial?: boolean;
};

/** One assignee (or Unassigned) with their tasks grouped by job. */
export function AssigneeSection({ group, isJobOpen, onToggleJob, isPartial = false, ...handlers }: AssigneeSectionProps) {
  const isUnassigned = group.phone === null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-label={`Tasks for ${group.name}`} data-testid="assignee-section">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar radius="xl" color={isUnassigned ? 'gray' : 'fieldbook'} variant="light">
            {isUnassigned ? <IconUserQuestion size={20} /> : initialsOf(group.name)}
          </Avatar>
          <Box miw={0}>
            <Text fw={700} truncate>
              {group.name}
            </Text>
            {group.phone && group.name !== formatPhoneInput(group.phone) && (
              <Text size="xs" c="dimmed">
                {formatPhoneInput(group.phone)}
              </Text>
            )}
          </Box>
        </Group>
        <Badge variant="outline" color="gray" style={{ flex: 'none' }}>
          {group.openCount} open · {group.taskCount} {isPartial ? 'loaded' : 'total'}
        </Badge>
      </Group>
      <Stack gap="sm">
        {group.jobs.map((job) => {
          const jobKey = `${group.key}:${job.jobId}`;
          return <JobSection key={jobKey} job={job} isOpen={isJobOpen(jobKey)} onToggle={() => onToggleJob(jobKey)} {...handlers} />;
        })}
      </Stack>
    </Paper>
  );
}
