import { Button, Center, Group, Loader, NativeSelect, Paper, Skeleton, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { JobStatus } from '@fieldbook/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteJobs } from '../api/get-jobs';
import { DASHBOARD_STATUS_FILTERS } from '../lib/job-status';
import { useContactDirectory } from '../lib/use-contact-directory';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { JOBS_INITIAL_FETCH_DELAY_MS, useInitialDelay } from '../lib/use-initial-delay';
import { CreateTaskDialog } from '../../tasks';
import { JobCard } from './job-card';
import { JobSearchResults } from './job-search-results';
import { DriveToggle } from '../../drive';
import { LoadError } from '../../../components/load-error';

type StatusFilter = JobStatus | 'all';

/**
 * The jobs dashboard (spec 001 §2): search debounced 500 ms with a Search button, status filter, Refresh Data, the
 * Connect Google Drive toggle, the search results panel, job cards, Load More Jobs in pages of 5, and 'View All Jobs'
 * on an empty result.
 */
export function JobsCardsView() {
  const search = useDebouncedSearch();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [isResultsOpen, setResultsOpen] = useState(true);
  const [addTaskFor, setAddTaskFor] = useState<{ id: string; name: string } | null>(null);
  const isDelayOver = useInitialDelay(JOBS_INITIAL_FETCH_DELAY_MS);
  const feed = useInfiniteJobs({ status, search: search.term || undefined }, { enabled: isDelayOver });

  // A new search term shows its results panel again.
  useEffect(() => setResultsOpen(true), [search.term]);

  const jobs = useMemo(() => feed.data?.pages.flatMap((p) => p.jobs) ?? [], [feed.data]);
  const directory = useContactDirectory(jobs);
  const total = feed.data?.pages[0]?.total ?? 0;
  const isFiltered = Boolean(search.term) || status !== 'all';
  const viewAll = () => {
    search.clear();
    setStatus('all');
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            search.submit();
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              size="sm"
              style={{ flex: '1 1 16rem' }}
              aria-label="Search jobs"
              placeholder="Search by client, address, claim or title"
              leftSection={<IconSearch size={16} />}
              value={search.input}
              onChange={(e) => search.setInput(e.currentTarget.value)}
            />
            <Button type="submit" size="sm">
              Search
            </Button>
            <NativeSelect
              size="sm"
              aria-label="Filter by status"
              data={DASHBOARD_STATUS_FILTERS}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as StatusFilter)}
              style={{ flex: '0 1 11rem' }}
            />
            <Button
              size="sm"
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={feed.isRefetching && !feed.isFetchingNextPage}
              onClick={() => void feed.refetch()}
            >
              Refresh Data
            </Button>
            <DriveToggle />
          </Group>
        </form>
      </Paper>

      {search.term && isResultsOpen && <JobSearchResults term={search.term} onClose={() => setResultsOpen(false)} />}

      {feed.isPending ? (
        <Stack gap="md" aria-label="Loading jobs">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={220} radius="lg" />
          ))}
        </Stack>
      ) : feed.isError && jobs.length === 0 ? (
        <LoadError error={feed.error} onRetry={() => void feed.refetch()} isRetrying={feed.isFetching} />
      ) : jobs.length === 0 ? (
        <EmptyJobs isFiltered={isFiltered} term={search.term} onViewAll={viewAll} />
      ) : (
        <>
          <Group gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              Showing {jobs.length} of {total} {total === 1 ? 'job' : 'jobs'}
              {search.term ? ` matching “${search.term}”` : ''}
            </Text>
            {feed.isPlaceholderData && <Loader size={14} aria-label="Updating jobs" />}
          </Group>
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} directory={directory} onAddTask={setAddTaskFor} />
          ))}
          {feed.isError && <LoadError error={feed.error} onRetry={() => void feed.fetchNextPage()} isRetrying={feed.isFetchingNextPage} />}
          {feed.hasNextPage && (
            <Center>
              <Button variant="light" size="md" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage} disabled={feed.isPlaceholderData}>
                Load More Jobs
              </Button>
            </Center>
          )}
        </>
      )}

      <CreateTaskDialog entry={addTaskFor ? { from: 'job', job: addTaskFor } : null} onClose={() => setAddTaskFor(null)} />
    </Stack>
  );
}

function EmptyJobs({ isFiltered, term, onViewAll }: { isFiltered: boolean; term: string; onViewAll: () => void }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconBriefcase size={28} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {isFiltered ? 'No jobs found' : 'No jobs yet'}
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          {!isFiltered
            ? 'Create a job for a client and property to start tracking its tasks and documents.'
            : term
              ? `No job's client, address, claim or title matches “${term}” with this status. Similar matches, if any, are listed above.`
              : 'No job has this status.'}
        </Text>
        {isFiltered ? (
          <Button onClick={onViewAll}>View All Jobs</Button>
        ) : (
          <Button component={Link} to="/jobs/new">
            New Job
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
