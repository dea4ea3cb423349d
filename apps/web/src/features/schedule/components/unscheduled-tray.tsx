import { Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/load-error';
import { useUnscheduled } from '../api/get-unscheduled';
import { visitLabel } from '../lib/visit-events';
import type { JobChoice } from './create-visit-dialog';
import { TRAY_JOB_TYPE } from './schedule-board';

/** The tray's jobs as the create dialog's choices: jobs without visits, then approved quotes' jobs. */
export function trayJobChoices(tray: ReturnType<typeof useUnscheduled>['data']): JobChoice[] {
  if (!tray) return [];
  const seen = new Map<string, string>();
  for (const job of tray.jobs) seen.set(job.id, visitLabel({ job }));
  for (const quote of tray.approved_quotes) if (!seen.has(quote.job.id)) seen.set(quote.job.id, visitLabel({ job: quote.job }));
  return [...seen].map(([id, label]) => ({ id, label }));
}

/** The Unscheduled tray: jobs with no visit to come and approved quotes waiting, each with Schedule (or dragged onto the board). */
export function UnscheduledTray({ onSchedule }: { onSchedule: (jobId: string) => void }) {
  const tray = useUnscheduled();
  if (tray.isPending) return <Skeleton height={80} />;
  if (tray.isError) return <LoadError error={tray.error} onRetry={() => void tray.refetch()} isRetrying={tray.isFetching} title="Could not load the unscheduled work" />;
  const { jobs, approved_quotes: quotes } = tray.data;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Unscheduled">
      <Title order={2} fz="md" mb="xs">
        Unscheduled
      </Title>
      {jobs.length === 0 && quotes.length === 0 && (
        <Text size="sm" c="dimmed">
          Every open job has a visit.
        </Text>
      )}
      <Stack gap={6}>
        {quotes.map((q) => (
          <Card key={q.id} withBorder padding="xs" draggable onDragStart={(e) => e.dataTransfer.setData(TRAY_JOB_TYPE, q.job.id)} style={{ cursor: 'grab' }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {visitLabel({ job: q.job })}
                </Text>
                <Text size="xs" c="dimmed">
                  Quote {q.number} approved · {q.title}
                </Text>
              </Stack>
              <Button size="compact-sm" style={{ flexShrink: 0 }} onClick={() => onSchedule(q.job.id)} aria-label={`Schedule ${visitLabel({ job: q.job })}`}>
                Schedule
              </Button>
            </Group>
          </Card>
        ))}
        {jobs.map((j) => (
          <Card key={j.id} withBorder padding="xs" draggable onDragStart={(e) => e.dataTransfer.setData(TRAY_JOB_TYPE, j.id)} style={{ cursor: 'grab' }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {visitLabel({ job: j })}
                </Text>
                {j.property_address && (
                  <Text size="xs" c="dimmed" truncate>
                    {j.property_address}
                  </Text>
                )}
              </Stack>
              <Button size="compact-sm" variant="light" style={{ flexShrink: 0 }} onClick={() => onSchedule(j.id)} aria-label={`Schedule ${visitLabel({ job: j })}`}>
                Schedule
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Paper>
  );
}
