import { VISIT_STATUS_LABELS, type BoardVisit } from '@fieldbook/contract';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { CancelVisitDialog } from './cancel-visit-dialog';
import { formatWindow, timeOf } from '../lib/board-time';
import { VISIT_STATUS_COLOURS, visitBoardTimes, visitLabel, UNASSIGNED_ROW } from '../lib/visit-events';

/** A visit's day and hours: ['Tue 2026-03-10', '9:00–11:00'] or [… , 'All day']. */
function visitWhenParts(visit: BoardVisit, zone: string): [string, string] {
  const { start, end } = visitBoardTimes(visit, zone);
  const day = new Date(`${visit.local_date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return [`${day} ${visit.local_date}`, visit.all_day ? 'All day' : `${timeOf(start)}–${timeOf(end)}`];
}

/** A visit's when, as one line: 'Tue 2026-03-10 · 9:00–11:00' or '… · All day'. */
export function visitWhen(visit: BoardVisit, zone: string): string {
  return visitWhenParts(visit, zone).join(' · ');
}

/** The when line, wrapping between the day and the hours, never inside either ('09:00–' / '11:00' at 390 px). */
function WhenLine({ visit, zone, strong }: { visit: BoardVisit; zone: string; strong: boolean }) {
  const [day, hours] = visitWhenParts(visit, zone);
  return (
    <Text size="sm" fw={strong ? 600 : undefined} data-testid="visit-when">
      <span style={{ whiteSpace: 'nowrap' }}>{day} ·</span> <span style={{ whiteSpace: 'nowrap' }}>{hours}</span>
    </Text>
  );
}

/**
 * The range's visits as cards, every hour of the day (the only view at 390 px, where the grid does not fit): job and
 * client (not on the job's own page: `withJob` false), when, the arrival window, crews and people, the status in its
 * colour, and for admins a menu: Move visit, Cancel visit.
 */
export function VisitList({
  visits,
  zone,
  canSchedule,
  onMove,
  emptyText = 'No visits in these days.',
  withJob = true,
}: {
  visits: readonly BoardVisit[];
  zone: string;
  canSchedule: boolean;
  onMove: (visit: BoardVisit, rowId: string) => void;
  emptyText?: string;
  withJob?: boolean;
}) {
  const [cancelling, setCancelling] = useState<BoardVisit | null>(null);
  if (visits.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Visits">
        {visits.map((visit) => (
          <Card key={visit.id} withBorder padding="sm" component="li">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={2} miw={0}>
                {withJob && (
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {visitLabel(visit)}
                  </Text>
                )}
                <WhenLine visit={visit} zone={zone} strong={!withJob} />
                {visit.arrival_window && <Text size="sm">Arrival {formatWindow(visit.arrival_window.start, visit.arrival_window.end)}</Text>}
                <Text size="xs" c="dimmed">
                  {[...visit.crews.map((c) => c.name), ...visit.people.map((p) => p.name ?? 'Someone')].join(', ') || 'Unassigned'}
                </Text>
              </Stack>
              {/* The status keeps its width: at 390 px a long job name squeezed it to "SCHED…". */}
              <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                <Badge color={VISIT_STATUS_COLOURS[visit.status]} variant="light">
                  {VISIT_STATUS_LABELS[visit.status]}
                </Badge>
                {canSchedule && visit.status !== 'cancelled' && visit.status !== 'completed' && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Visit actions: ${visitLabel(visit)}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => onMove(visit, visit.crews[0]?.id ?? UNASSIGNED_ROW)}>Move visit</Menu.Item>
                      <Menu.Item color="red" onClick={() => setCancelling(visit)}>
                        Cancel visit
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      {cancelling && <CancelVisitDialog visit={cancelling} when={visitWhen(cancelling, zone)} onClose={() => setCancelling(null)} />}
    </>
  );
}
