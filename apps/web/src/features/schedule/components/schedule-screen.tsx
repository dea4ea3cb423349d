import type { BoardVisit } from '@fieldbook/contract';
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useCrews } from '../api/get-crews';
import { useScheduleContext } from '../api/get-my-workspace';
import { useUnscheduled } from '../api/get-unscheduled';
import { useVisits } from '../api/get-visits';
import { addDays, addMonths, dateOf, fromBoardTime, monthGridRange, monthLabel, monthStart, timeOf, todayIn, weekStart } from '../lib/board-time';
import { dropBody, UNASSIGNED_ROW } from '../lib/visit-events';
import { CreateVisitDialog } from './create-visit-dialog';
import { CrewsDrawer } from './crews-drawer';
import { MonthBoard } from './month-board';
import { MoveVisitDialog, type MoveTarget } from './move-visit-dialog';
import { OverlapWarning } from './overlap-warning';
import { ScheduleBoard, type BoardDrop } from './schedule-board';
import { trayJobChoices, UnscheduledTray } from './unscheduled-tray';
import { useMoveVisit } from './use-move-visit';
import { VisitList } from './visit-list';

type View = 'week' | 'day' | 'month' | 'list';

/** The days a view shows: a Monday-to-Sunday week, one day, or the month's six weeks. */
function rangeOf(view: View, date: string): { from: string; to: string } {
  if (view === 'day') return { from: date, to: date };
  if (view === 'month') return monthGridRange(date);
  const from = weekStart(date);
  return { from, to: addDays(from, 6) };
}

/**
 * /schedule (issue 34): the week and day boards (crews and Unassigned as rows), the month and the list — at 390 px the
 * list and the month only — with date navigation; admins get New visit, Crews, the Unscheduled tray, drag to move and
 * Move visit.
 */
export function ScheduleScreen({ initialDate }: { initialDate?: string }) {
  const { timeZone, canSchedule } = useScheduleContext();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [chosenView, setView] = useState<View>('week');
  // The week and day grids do not fit a phone: there the list and the month.
  const view: View = isPhone && chosenView !== 'month' ? 'list' : chosenView;
  const [date, setDate] = useState<string | null>(initialDate ?? null);
  const today = timeZone ? todayIn(timeZone) : null;
  const shown = date ?? today;

  if (!shown) return <Skeleton height={300} />;
  return <ScheduleBody view={view} isPhone={isPhone} setView={setView} date={shown} setDate={setDate} today={today ?? shown} canSchedule={canSchedule} />;
}

function ScheduleBody({ view, isPhone, setView, date, setDate, today, canSchedule }: { view: View; isPhone: boolean; setView: (v: View) => void; date: string; setDate: (d: string) => void; today: string; canSchedule: boolean }) {
  const range = rangeOf(view, date);
  const visits = useVisits(range);
  const crews = useCrews();
  const tray = useUnscheduled(canSchedule);
  const mover = useMoveVisit();
  const [creating, setCreating] = useState<{ jobId?: string; date?: string; time?: string; crewId?: string } | null>(null);
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const [crewsOpen, setCrewsOpen] = useState(false);
  const step = view === 'day' ? 1 : 7;
  const go = (direction: 1 | -1) => setDate(view === 'month' ? monthStart(addMonths(date, direction)) : addDays(date, direction * step));
  const unit = view === 'day' ? 'day' : view === 'month' ? 'month' : 'week';

  const onDrop = (drop: BoardDrop) => {
    const { visit, rowId } = drop.payload;
    // A repeating visit asks which visits change: the dialog opens with the drop's time and row.
    if (visit.recurrence) return setMoving({ visit, rowId, start: drop.newStart, toRowId: drop.toRowId });
    void mover.move({ visit, body: dropBody(drop, visits.data!.time_zone) });
  };
  const openMove = (visit: BoardVisit, rowId: string) => setMoving({ visit, rowId });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} fz="xl">
          Schedule
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/today" variant="default">
            My day
          </Button>
          {canSchedule && (
            <Button variant="default" leftSection={<IconUsersGroup size={16} />} onClick={() => setCrewsOpen(true)}>
              Crews
            </Button>
          )}
          {canSchedule && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating({})}>
              New visit
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => setView(v as View)}
          data={
            isPhone
              ? [
                  { value: 'list', label: 'List' },
                  { value: 'month', label: 'Month' },
                ]
              : [
                  { value: 'week', label: 'Week' },
                  { value: 'day', label: 'Day' },
                  { value: 'month', label: 'Month' },
                  { value: 'list', label: 'List' },
                ]
          }
        />
        <Button variant="default" size="sm" px={8} onClick={() => go(-1)} aria-label={`Previous ${unit}`}>
          <IconChevronLeft size={16} />
        </Button>
        <Button variant="default" size="sm" onClick={() => setDate(today)}>
          Today
        </Button>
        <Button variant="default" size="sm" px={8} onClick={() => go(1)} aria-label={`Next ${unit}`}>
          <IconChevronRight size={16} />
        </Button>
        <Text size="sm" fw={600} data-testid="schedule-range">
          {view === 'month' ? monthLabel(date) : range.from === range.to ? range.from : `${range.from} – ${range.to}`}
        </Text>
      </Group>
      {mover.notice && !moving && (
        <Alert color="red" role="alert" withCloseButton onClose={mover.dismissNotice}>
          {mover.notice}
        </Alert>
      )}
      {mover.overlap && !moving && (
        <OverlapWarning message={mover.overlap.message} conflicts={mover.overlap.conflicts} isWorking={mover.isMoving} onCancel={mover.dismissOverlap} onConfirm={() => void mover.confirm()} />
      )}
      {visits.isError ? (
        <LoadError error={visits.error} onRetry={() => void visits.refetch()} isRetrying={visits.isFetching} title="Could not load the schedule" />
      ) : crews.isError ? (
        <LoadError error={crews.error} onRetry={() => void crews.refetch()} isRetrying={crews.isFetching} title="Could not load the crews" />
      ) : !visits.data || !crews.data ? (
        <Skeleton height={300} />
      ) : view === 'month' ? (
        <MonthBoard
          key={monthStart(date)}
          date={date}
          zone={visits.data.time_zone}
          visits={visits.data.visits}
          isPhone={isPhone}
          onDayOpen={(day) => {
            setDate(day);
            setView('day');
          }}
          onOpen={(p) => (canSchedule ? openMove(p.visit, p.rowId) : undefined)}
        />
      ) : view === 'list' ? (
        <VisitList visits={visits.data.visits} zone={visits.data.time_zone} canSchedule={canSchedule} onMove={openMove} />
      ) : (
        <ScheduleBoard
          view={view}
          date={view === 'week' ? range.from : date}
          zone={visits.data.time_zone}
          visits={visits.data.visits}
          crews={crews.data.crews}
          canSchedule={canSchedule}
          onDrop={onDrop}
          onResize={({ payload, newStart, newEnd }) => void mover.move({ visit: payload.visit, body: { scope: 'this', starts_at: fromBoardTime(newStart, visits.data!.time_zone), ends_at: fromBoardTime(newEnd, visits.data!.time_zone) } })}
          onOpen={(p) => (canSchedule ? openMove(p.visit, p.rowId) : undefined)}
          onTrayDrop={({ jobId, start, rowId }) => setCreating({ jobId, date: dateOf(start), time: timeOf(start), ...(rowId !== UNASSIGNED_ROW ? { crewId: rowId } : {}) })}
        />
      )}
      {canSchedule && <UnscheduledTray onSchedule={(jobId) => setCreating({ jobId })} />}
      {canSchedule && <CrewsDrawer opened={crewsOpen} onClose={() => setCrewsOpen(false)} isPhone={isPhone} />}
      {creating && visits.data && crews.data && (
        <CreateVisitDialog zone={visits.data.time_zone} crews={crews.data.crews} jobs={trayJobChoices(tray.data)} {...(creating.jobId ? { jobId: creating.jobId } : {})} date={creating.date ?? date} {...(creating.time ? { time: creating.time } : {})} {...(creating.crewId ? { crewId: creating.crewId } : {})} onClose={() => setCreating(null)} />
      )}
      {moving && visits.data && crews.data && (
        <MoveVisitDialog
          target={moving}
          zone={visits.data.time_zone}
          crews={crews.data.crews}
          mover={mover}
          onClose={() => {
            setMoving(null);
            mover.dismissOverlap();
          }}
        />
      )}
    </Stack>
  );
}

