import { Alert, Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isPhoneLike, lookupPhone } from '@fieldbook/contract';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { usePhoneDirectory } from '../../contacts';
import { LoadError } from '../../../components/load-error';
import { isNoWorkspaceError } from '../../../lib/load-error-message';
import { useHomepageData } from '../api/get-homepage-data';
import { useStandardHomeData } from '../api/get-standard-home-data';
import { toHomepageData, type HomeMode } from '../lib/standard-home';
import { ActiveJobsCard, RecentDocumentsCard, RecentTasksCard } from './home-lists';
import { PerformanceComparison } from './performance-comparison';

/**
 * The home dashboard (spec 001 §2): Recent Tasks, Recent Documents and Active Jobs (10 each), read either from the
 * optimized endpoint (one request) or the ordinary endpoints (Standard), with the measured comparison of both.
 */
export function HomeDashboard() {
  const [mode, setMode] = useState<HomeMode>('optimized');
  const optimized = useHomepageData({ enabled: mode === 'optimized' });
  const standard = useStandardHomeData({ enabled: mode === 'standard' });
  const query = mode === 'optimized' ? optimized : standard;
  // Names for the phones on the cards (assignees, phone-like client names), asked of the server for just those.
  const phones = useMemo(() => {
    if (mode === 'standard') {
      const raw = standard.data;
      if (!raw) return [];
      return [...raw.tasks.flatMap((t) => [t.assigned_to, t.job.client_name]), ...raw.jobs.map((j) => j.client_name)].filter((n): n is string => Boolean(n && isPhoneLike(n)));
    }
    const data = optimized.data;
    if (!data) return [];
    return [...data.recentTasks.map((t) => t.assigned_to), ...data.activeJobs.map((j) => j.client_name)].filter((n): n is string => Boolean(n && isPhoneLike(n)));
  }, [mode, standard.data, optimized.data]);
  const { contacts: all, index } = usePhoneDirectory(phones);
  // The Standard answers become the optimized shape here, where the contacts for the client-name rule are known.
  const data = useMemo(
    () => (mode === 'optimized' ? optimized.data : standard.data && toHomepageData(standard.data.tasks, standard.data.jobs, all, standard.data.documents)),
    [mode, optimized.data, standard.data, all],
  );

  return (
    <>
      <PageHeader
        title="Home"
        description="Recent tasks, documents and active jobs across your workspace."
        actions={
          <SegmentedControl
            aria-label="Data source"
            value={mode}
            onChange={(v) => setMode(v as HomeMode)}
            data={[
              { value: 'optimized', label: 'Optimized' },
              { value: 'standard', label: 'Standard' },
            ]}
          />
        }
      />
      <Stack gap="md">
        <PerformanceComparison />
        <Text size="xs" c="dimmed" data-testid="home-mode">
          {mode === 'optimized'
            ? 'Showing data from the optimized endpoint: one request for all three cards.'
            : 'Showing data from the standard endpoints: one request per card.'}
        </Text>
        {query.isError ? (
          isNoWorkspaceError(query.error) ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={mode === 'optimized' ? 'Failed to fetch homepage data' : undefined} role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">Failed to load dashboard data: {query.error.message}</Text>
                <Button size="xs" color="red" variant="white" onClick={() => void query.refetch()} loading={query.isFetching}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )
        ) : (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {query.isPending || !data ? (
              [0, 1, 2].map((i) => <Skeleton key={i} height={320} radius="lg" />)
            ) : (
              <>
                <RecentTasksCard tasks={data.recentTasks} nameOf={(phone) => lookupPhone(phone, index)?.name ?? null} />
                <RecentDocumentsCard documents={data.recentDocuments} />
                <ActiveJobsCard jobs={data.activeJobs} contacts={all} />
              </>
            )}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}
