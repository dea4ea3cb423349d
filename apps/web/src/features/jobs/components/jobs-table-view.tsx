import { Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconMapPin } from '@tabler/icons-react';
import type { Job, JobStatus } from '@fieldbook/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { useMemo } from 'react';
import { useJobs } from '../api/get-jobs';
import { jobDisplayName, type ContactDirectory } from '../lib/assignee';
import { documentCounts, formatDate } from '../lib/job-display';
import { jobStatusColor, jobStatusLabel, TABLE_STATUS_FILTERS } from '../lib/job-status';
import { JOBS_TABLE_PAGE_SIZE, tablePage } from '../lib/paging';
import { useContactDirectory } from '../lib/use-contact-directory';
import { LoadError } from '../../../components/load-error';

type StatusFilter = JobStatus | 'all';

function readStatus(value: string | null): StatusFilter {
  return TABLE_STATUS_FILTERS.some((o) => o.value === value) ? (value as StatusFilter) : 'all';
}

/**
 * The jobs list (spec 001 §2): Client, Property Address, Status, Created, Documents; pages of 10 with
 * previous/next (GET /api/jobs?offset&limit=10&status). Filter and page live in the URL, so Back from a job
 * returns to the same page. Phones get stacked rows instead of a wide table.
 */
export function JobsTableView() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  const offset = page * JOBS_TABLE_PAGE_SIZE;
  const jobs = useJobs({ status, offset, limit: JOBS_TABLE_PAGE_SIZE });
  const isPhone = useMediaQuery('(max-width: 48em)');

  const update = (next: { status?: StatusFilter; page?: number }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        const s = next.status ?? status;
        if (s === 'all') out.delete('status');
        else out.set('status', s);
        const p = next.page ?? page;
        if (p > 0) out.set('page', String(p + 1));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );

  const rows = useMemo(() => jobs.data?.jobs ?? [], [jobs.data]);
  const directory = useContactDirectory(rows);
  const paging = tablePage(offset, rows.length, jobs.data?.total ?? 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <NativeSelect
          size="sm"
          aria-label="Filter jobs list by status"
          data={TABLE_STATUS_FILTERS}
          value={status}
          onChange={(e) => update({ status: e.currentTarget.value as StatusFilter, page: 0 })}
          w={{ base: '100%', xs: 200 }}
        />
        {jobs.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {paging.from}–{paging.to} of {jobs.data.total}
          </Text>
        )}
      </Group>

      {jobs.isPending ? (
        <Skeleton height={320} radius="lg" />
      ) : jobs.isError ? (
        <LoadError error={jobs.error} onRetry={() => void jobs.refetch()} isRetrying={jobs.isFetching} />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">No jobs found</Text>
        </Paper>
      ) : isPhone ? (
        <Stack gap="xs">
          {rows.map((job) => (
            <JobRowCard key={job.id} job={job} directory={directory} />
          ))}
        </Stack>
      ) : (
        <JobsTable rows={rows} directory={directory} />
      )}

      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          disabled={!paging.hasPrevious || jobs.isPlaceholderData}
          onClick={() => update({ page: page - 1 })}
        >
          Previous
        </Button>
        <Text size="sm" c="dimmed">
          Page {paging.page + 1} of {paging.pageCount}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          disabled={!paging.hasNext || jobs.isPlaceholderData}
          onClick={() => update({ page: page + 1 })}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}

function DocumentsCell({ job }: { job: Job }) {
  const counts = documentCounts(job.documents);
  return (
    <Text size="sm" c="dimmed">
      {counts.needed} needed · {counts.created} created · {counts.processed} processed
    </Text>
  );
}

function JobsTable({ rows, directory }: { rows: Job[]; directory: ContactDirectory }) {
  const navigate = useNavigate();
  return (
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Jobs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>Property Address</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Documents</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((job) => (
            <Table.Tr
              key={job.id}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              data-testid="job-row"
              onClick={() => void navigate(`/jobs/${job.id}`)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(`/jobs/${job.id}`);
              }}
            >
              <Table.Td fw={600}>{jobDisplayName(job, directory)}</Table.Td>
              <Table.Td>{job.property_address ?? '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={jobStatusColor(job.status)}>
                  {jobStatusLabel(job.status)}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(job.created_at)}</Table.Td>
              <Table.Td>
                <DocumentsCell job={job} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function JobRowCard({ job, directory }: { job: Job; directory: ContactDirectory }) {
  const navigate = useNavigate();
  return (
    <UnstyledButton onClick={() => void navigate(`/jobs/${job.id}`)} data-testid="job-row">
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {jobDisplayName(job, directory)}
          </Text>
          <Badge variant="light" color={jobStatusColor(job.status)} style={{ flexShrink: 0 }}>
            {jobStatusLabel(job.status)}
          </Badge>
        </Group>
        {job.property_address && (
          <Group gap={4} wrap="nowrap" mt={4}>
            <IconMapPin size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text size="sm" c="dimmed" truncate>
              {job.property_address}
            </Text>
          </Group>
        )}
        <Group justify="space-between" mt={6} gap="xs">
          <Text size="xs" c="dimmed">
            Created {formatDate(job.created_at)}
          </Text>
          <DocumentsCell job={job} />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
