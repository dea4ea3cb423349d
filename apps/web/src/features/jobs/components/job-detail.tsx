import { Anchor, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSend, IconArrowLeft, IconCalendar, IconFileText, IconMapPin, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { useJob } from '../api/get-job';
import { jobDisplayName } from '../lib/assignee';
import { formatDate } from '../lib/job-display';
import { jobStatusColor, jobStatusLabel } from '../lib/job-status';
import { useContactDirectory } from '../lib/use-contact-directory';
import { CreateTaskDialog } from '../../tasks';
import { SendModal, type SendTarget } from '../../documents';
import { JobQuotes } from '../../quotes';
import { JobInvoices, JobPaymentSchedules } from '../../invoices';
import { JobPhotos } from '../../photos';
import { JobVisits } from '../../schedule';
import { JobDocuments } from './job-documents';
import { JobStatusSelect } from './job-status-select';
import { JobTaskList } from './job-task-list';
import { LoadError } from '../../../components/load-error';

/** /jobs/:jobId — one job with every task (status changes, add task) and its document columns. */
export function JobDetail({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  const shownJob = useMemo(() => (job.data ? [job.data] : []), [job.data]);
  const directory = useContactDirectory(shownJob);
  const [addTaskFor, setAddTaskFor] = useState<{ id: string; name: string } | null>(null);
  const [sendingTasks, setSendingTasks] = useState<SendTarget | null>(null);

  const back = (
    <Anchor component={Link} to="/jobs" size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={16} /> All jobs
    </Anchor>
  );

  if (job.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton height={120} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </Stack>
    );
  }
  if (job.isError) {
    // A malformed id (400) is as missing as an unknown one (404).
    const isMissing = job.error instanceof ApiRequestError && (job.error.status === 404 || job.error.status === 400);
    return (
      <Stack gap="md" align="flex-start">
        {back}
        {isMissing ? (
          <Paper withBorder p="xl" w="100%" ta="center">
            <Text fw={600} size="lg">
              Job not found
            </Text>
            <Text c="dimmed" size="sm">
              It may have been removed, or it belongs to another workspace.
            </Text>
          </Paper>
        ) : (
          <LoadError error={job.error} onRetry={() => void job.refetch()} isRetrying={job.isFetching} title="Could not load this job" />
        )}
      </Stack>
    );
  }

  const data = job.data;
  const name = jobDisplayName(data, directory);
  return (
    <Stack gap="md">
      {back}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6} miw={0} style={{ flex: '1 1 18rem' }}>
            <Group gap="xs" wrap="wrap">
              <Title order={1} fz={{ base: 22, sm: 28 }} style={{ wordBreak: 'break-word' }}>
                {name}
              </Title>
              <Badge variant="light" size="lg" color={jobStatusColor(data.status)}>
                {jobStatusLabel(data.status)}
              </Badge>
            </Group>
            {data.property_address && (
              <Group gap={6} wrap="nowrap" c="dimmed">
                <IconMapPin size={16} style={{ flexShrink: 0 }} />
                <Text c="dimmed">{data.property_address}</Text>
              </Group>
            )}
            <Group gap="lg" wrap="wrap">
              {data.title && <Text fw={500}>{data.title}</Text>}
              {data.claim_number && (
                <Group gap={4}>
                  <IconFileText size={15} />
                  <Text size="sm">Claim {data.claim_number}</Text>
                </Group>
              )}
              {data.due_date && (
                <Group gap={4}>
                  <IconCalendar size={15} />
                  <Text size="sm">Due {formatDate(data.due_date)}</Text>
                </Group>
              )}
              <Text size="sm" c="dimmed">
                Created {formatDate(data.created_at)}
              </Text>
            </Group>
            {data.description && (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {data.description}
              </Text>
            )}
          </Stack>
          <JobStatusSelect job={data} choices="all" label="Status" />
        </Group>
      </Paper>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz={18}>
                Tasks ({data.tasks.length})
              </Title>
<Group gap="xs">
              <Button size="sm" variant="subtle" leftSection={<IconSend size={14} />} onClick={() => setSendingTasks({ kind: 'tasks', jobId: data.id, jobName: name })} disabled={data.tasks.length === 0}>
                Send Tasks
              </Button>
  <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setAddTaskFor({ id: data.id, name })}>
                Add Task
              </Button>
            </Group>
            </Group>
            <JobTaskList tasks={data.tasks} directory={directory} isCollapsible={false} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <JobDocuments
              job={data}
              jobName={name}
              title={
                <Title order={2} fz={18}>
                  Documents
                </Title>
              }
            />
          </Paper>
        </Grid.Col>
      </Grid>
      <JobVisits jobId={data.id} jobTitle={data.title ?? name} />
      <JobPhotos jobId={data.id} />
      <JobQuotes jobId={data.id} clientName={data.client_name} />
      <JobPaymentSchedules jobId={data.id} />
      <JobInvoices jobId={data.id} jobTitle={data.title ?? name} clientName={data.client_name} />
      <SendModal target={sendingTasks} onClose={() => setSendingTasks(null)} />
      <CreateTaskDialog entry={addTaskFor ? { from: 'job', job: addTaskFor } : null} onClose={() => setAddTaskFor(null)} />
    </Stack>
  );
}
