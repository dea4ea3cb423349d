import { Anchor, Badge, Box, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend, IconCalendar, IconChevronRight, IconFileText, IconMapPin, IconPlus } from '@tabler/icons-react';
import type { Job } from '@fieldbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { jobDisplayName, type ContactDirectory } from '../lib/assignee';
import { formatDate } from '../lib/job-display';
import { jobStatusColor, jobStatusLabel } from '../lib/job-status';
import { SendModal, type SendTarget } from '../../documents';
import { JobDocuments } from './job-documents';
import { JobStatusSelect } from './job-status-select';
import { JobTaskList } from './job-task-list';

type JobCardProps = {
  job: Job;
  directory: ContactDirectory;
  onAddTask: (job: { id: string; name: string }) => void;
};

/** A job on the jobs dashboard (spec 001 §2): status, its tasks and the Needed / Created / Processed documents. */
export function JobCard({ job, directory, onAddTask }: JobCardProps) {
  const name = jobDisplayName(job, directory);
  const [sendingTasks, setSendingTasks] = useState<SendTarget | null>(null);
  const openTasks = job.tasks.filter((t) => t.status !== 'completed').length;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} shadow="xs" data-testid="job-card" data-job-id={job.id} component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/jobs/${job.id}`} c="var(--mantine-color-text)" underline="hover">
              <Title order={3} fz={{ base: 17, sm: 19 }} style={{ wordBreak: 'break-word' }}>
                {name}
              </Title>
            </Anchor>
            <Badge variant="light" color={jobStatusColor(job.status)}>
              {jobStatusLabel(job.status)}
            </Badge>
          </Group>
          {job.property_address && (
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconMapPin size={15} style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" truncate>
                {job.property_address}
              </Text>
            </Group>
          )}
          <Group gap="md" wrap="wrap">
            {job.title && (
              <Text size="sm" fw={500}>
                {job.title}
              </Text>
            )}
            {job.claim_number && (
              <Group gap={4} wrap="nowrap">
                <IconFileText size={14} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed">
                  Claim {job.claim_number}
                </Text>
              </Group>
            )}
            {job.due_date && (
              <Group gap={4} wrap="nowrap">
                <IconCalendar size={14} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed">
                  Due {formatDate(job.due_date)}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
        <JobStatusSelect job={job} />
      </Group>

      <Grid mt="md" gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Group justify="space-between" mb={4}>
            <Text fw={700} size="sm">
              Tasks{' '}
              <Text span c="dimmed" size="sm" fw={500}>
                {openTasks} open · {job.tasks.length} total
              </Text>
            </Text>
<Group gap="xs">
              <Button size="xs" variant="subtle" leftSection={<IconSend size={14} />} onClick={() => setSendingTasks({ kind: 'tasks', jobId: job.id, jobName: name })} disabled={job.tasks.length === 0}>
                Send Tasks
              </Button>
  <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onAddTask({ id: job.id, name })}>
              Add Task
            </Button>
            </Group>
          </Group>
          <JobTaskList tasks={job.tasks} directory={directory} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <JobDocuments
            job={job}
            jobName={name}
            title={
              <Text fw={700} size="sm">
                Documents
              </Text>
            }
          />
        </Grid.Col>
      </Grid>

      <Box mt="sm" ta="right">
        <Button component={Link} to={`/jobs/${job.id}`} variant="subtle" size="xs" rightSection={<IconChevronRight size={14} />}>
          View Details
        </Button>
      </Box>
      <SendModal target={sendingTasks} onClose={() => setSendingTasks(null)} />
    </Paper>
  );
}
