import { localDate, type BoardVisit } from '@fieldbook/contract';
import { MobileMonthView, MonthView, type ScheduleEventData } from '@mantine/schedule';
import { useMemo, useState } from 'react';
import { visitsPerDay, visitsToMonthEvents, type VisitEventPayload } from '../lib/visit-events';
import classes from './month-board.module.css';

type Props = {
  /** A day of the month shown ('YYYY-MM-DD'). */
  date: string;
  zone: string;
  visits: readonly BoardVisit[];
  isPhone: boolean;
  /** A day picked on the desktop month: the board opens its day view. */
  onDayOpen: (date: string) => void;
  onOpen: (payload: VisitEventPayload) => void;
};

const dayName = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const countText = (n: number) => (n === 0 ? 'no visits' : n === 1 ? '1 visit' : `${n} visits`);

/**
 * The month, for planning (issue 34): @mantine/schedule's MonthView (each day's visits, '+N more' past three) on a
 * desktop — a day opens the day view — and its MobileMonthView at 390 px (dots on the days, the picked day's visits
 * listed below). Fed wall-clock times of the workspace's zone (ADR 0012); no dragging here: moves are the week and day
 * boards' and the Move visit dialog's.
 */
export function MonthBoard({ date, zone, visits, isPhone, onDayOpen, onOpen }: Props) {
  const events = useMemo(() => visitsToMonthEvents(visits, zone) as ScheduleEventData[], [visits, zone]);
  const counts = useMemo(() => visitsPerDay(visits), [visits]);
  const [picked, setPicked] = useState<string | null>(date);
  // Today is the workspace's, not the browser's (the library's own highlight reads the device clock's zone: off).
  const today = localDate(new Date(), zone);
  // Each day says how many visits it has (its button's name), so the month reads as a count per day too.
  const getDayProps = (day: string) => ({
    'aria-label': `${dayName(day)}: ${countText(counts.get(day) ?? 0)}${day === today ? ', today' : ''}`,
    ...(day === today ? { 'aria-current': 'date' as const, mod: { today: true }, className: classes.today } : {}),
  });
  const onEventClick = (event: ScheduleEventData) => onOpen(event.payload as VisitEventPayload);

  if (isPhone) {
    return (
      <MobileMonthView
        date={date}
        events={events}
        selectedDate={picked}
        onSelectedDateChange={setPicked}
        getDayProps={getDayProps}
        onEventClick={onEventClick}
        renderHeader={() => null}
        highlightToday={false}
      />
    );
  }
  return <MonthView date={date} events={events} withHeader={false} maxEventsPerDay={3} getDayProps={getDayProps} onDayClick={onDayOpen} onEventClick={onEventClick} highlightToday={false} />;
}
