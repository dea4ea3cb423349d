import { VISIT_STATUS_LABELS, type TodayVisit } from '@fieldbook/contract';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useToday } from '../api/get-today';
import { useSetVisitStatus, type SetVisitStatusInput } from '../api/set-visit-status';
import { formatWindow, timeOf, toBoardTime } from '../lib/board-time';
import { VISIT_STATUS_COLOURS, visitLabel } from '../lib/visit-events';
import { CalendarFeedCard } from './calendar-feed-card';

/** A tap on the address opens the phone's maps app (Google Maps' link opens the app on Android and iOS, else the web). */
export function mapsLink(address: string): string {
  return `https://maps.google.com/?q=${encodeURIComponent(address)}`;
}

const STEPS: Array<{ status: SetVisitStatusInput['status']; label: string; from: readonly TodayVisit['status'][] }> = [
  { status: 'on_the_way', label: 'On my way', from: ['scheduled'] },
  { status: 'in_progress', label: 'Start', from: ['scheduled', 'on_the_way'] },
  { status: 'completed', label: 'Complete', from: ['scheduled', 'on_the_way', 'in_progress'] },
];

/**
 * /today (issue 34): the signed-in person's visits of today in order, made for a phone at 390 px — client, address
 * (opens maps), arrival window, notes, the job's tasks and documents, and On my way / Start / Complete, which wait in
 * the offline queue without a network.
 */
export function TodayScreen() {
  const today = useToday();
  const setStatus = useSetVisitStatus();

  if (today.isPending) return <Skeleton height={200} />;
  if (today.isError) return <LoadError error={today.error} onRetry={() => void today.refetch()} isRetrying={today.isFetching} title="Could not load today's visits" />;
  const { visits, time_zone: zone, date } = today.data;

  return (
    <Stack gap="sm" maw={640}>
      <Title order={1} fz="xl">
        Today
      </Title>
      <Text size="sm" c="dimmed">
        {new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })}
      </Text>
      {visits.length === 0 && <Text>No visits for you today.</Text>}
      {visits.map((visit) => (
        <Card key={visit.id} withBorder padding="sm" component="article" aria-label={visitLabel(visit)}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={700}>{visit.all_day ? 'All day' : `${timeOf(toBoardTime(visit.starts_at, zone))}–${timeOf(toBoardTime(visit.ends_at, zone))}`}</Text>
              <Badge color={VISIT_STATUS_COLOURS[visit.status]} variant="light">
                {VISIT_STATUS_LABELS[visit.status]}
              </Badge>
            </Group>
            <Anchor component={Link} to={`/jobs/${visit.job.id}`} fw={600}>
              {visitLabel(visit)}
            </Anchor>
            {visit.job.property_address && (
              <Anchor href={mapsLink(visit.job.property_address)} target="_blank" rel="noreferrer" size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  {visit.job.property_address}
                </Group>
              </Anchor>
            )}
            {visit.arrival_window && <Text size="sm">Arrival {formatWindow(visit.arrival_window.start, visit.arrival_window.end)}</Text>}
            {visit.notes && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {visit.notes}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {visit.tasks_count} {visit.tasks_count === 1 ? 'task' : 'tasks'} ({visit.open_tasks_count} open) · {visit.documents_count} {visit.documents_count === 1 ? 'document' : 'documents'}
            </Text>
            {/* One button a row on a phone: three side by side cut "On my way" and "Complete" at 390 px. */}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              {STEPS.filter((s) => s.from.includes(visit.status)).map((s) => (
                <Button key={s.status} size="md" variant={s.status === 'completed' ? 'filled' : 'light'} onClick={() => setStatus.mutate({ id: visit.id, status: s.status })}>
                  {s.label}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
      <CalendarFeedCard />
    </Stack>
  );
}
