import { Button, Group, Paper, Skeleton, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useCrews } from '../api/get-crews';
import { useJobVisits } from '../api/get-job-visits';
import { useScheduleContext } from '../api/get-my-workspace';
import { todayIn } from '../lib/board-time';
import { CreateVisitDialog } from './create-visit-dialog';
import { VisitList } from './visit-list';

/** A job's Visits panel (issue 34): its visits, cancelled ones too, and Schedule for admins (the create dialog for it). */
export function JobVisits({ jobId, jobTitle }: { jobId: string; jobTitle: string }) {
  const visits = useJobVisits(jobId);
  const { canSchedule } = useScheduleContext();
  const crews = useCrews();
  const [isCreating, setCreating] = useState(false);

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
      {visits.isPending ? (
        <Skeleton height={48} />
      ) : visits.isError ? (
        <LoadError error={visits.error} onRetry={() => void visits.refetch()} isRetrying={visits.isFetching} title="Could not load the visits" />
      ) : (
        // Moves happen on the board; the job's page lists them.
        <VisitList visits={visits.data.visits} zone={visits.data.time_zone} canSchedule={false} onMove={() => {}} emptyText="No visits scheduled." />
      )}
      {isCreating && visits.data && crews.data && (
        <CreateVisitDialog zone={visits.data.time_zone} crews={crews.data.crews} jobs={[{ id: jobId, label: jobTitle }]} jobId={jobId} date={todayIn(visits.data.time_zone)} onClose={() => setCreating(false)} />
      )}
    </Paper>
  );
}
