import { Alert, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useCrews } from '../api/get-crews';
import { useJobVisits } from '../api/get-job-visits';
import { useScheduleContext } from '../api/get-my-workspace';
import { useUnscheduled } from '../api/get-unscheduled';
import { todayIn } from '../lib/board-time';
import { CreateVisitDialog } from './create-visit-dialog';
import { VisitList } from './visit-list';

/**
 * A job's Visits panel (issue 34): its visits, cancelled ones too, and Schedule for admins (the create dialog for it).
 * A job whose quote is approved and has no visit to come (the Unscheduled tray's) says so, with Schedule beside it.
 */
export function JobVisits({ jobId, jobTitle }: { jobId: string; jobTitle: string }) {
  const visits = useJobVisits(jobId);
  const { canSchedule } = useScheduleContext();
  const crews = useCrews();
  const [isCreating, setCreating] = useState(false);
  const tray = useUnscheduled(canSchedule);
  const waiting = tray.data?.approved_quotes.find((q) => q.job.id === jobId) ?? null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Visits">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz={18}>
          Visits
        </Title>
        {canSchedule && (
          <Button size="xs" leftSection={<IconCalendarPlus size={14} />} onClick={() => setCreating(true)} disabled={!visits.data || !crews.data}>
            Schedule
          </Button>
        )}
      </Group>
      {canSchedule && waiting && (
        <Alert color="green" variant="light" mb="sm" title={`Quote ${waiting.number} approved`}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">{waiting.title}: the work is waiting to be scheduled.</Text>
            <Button size="xs" onClick={() => setCreating(true)} disabled={!visits.data || !crews.data} aria-label={`Schedule quote ${waiting.number}`}>
              Schedule
            </Button>
          </Group>
        </Alert>
      )}
      {visits.isPending ? (
        <Skeleton height={48} />
      ) : visits.isError ? (
        <LoadError error={visits.error} onRetry={() => void visits.refetch()} isRetrying={visits.isFetching} title="Could not load the visits" />
      ) : (
        // Moves happen on the board; the job's page lists them.
        <VisitList visits={visits.data.visits} zone={visits.data.time_zone} canSchedule={false} onMove={() => {}} emptyText="No visits scheduled." withJob={false} />
      )}
      {isCreating && visits.data && crews.data && (
        <CreateVisitDialog zone={visits.data.time_zone} crews={crews.data.crews} jobs={[{ id: jobId, label: jobTitle }]} jobId={jobId} date={todayIn(visits.data.time_zone)} onClose={() => setCreating(false)} />
      )}
    </Paper>
  );
}
