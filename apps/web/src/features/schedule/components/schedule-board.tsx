import type { Crew, BoardVisit } from '@fieldbook/contract';
import { ResourcesDayView, ResourcesWeekView, type ScheduleEventData } from '@mantine/schedule';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import { crewRows, UNASSIGNED_ROW, visitsToEvents, type VisitEventPayload } from '../lib/visit-events';

/** The drag data of a tray job: its id. */
export const TRAY_JOB_TYPE = 'application/x-fieldbook-job';

export type BoardDrop = { payload: VisitEventPayload; newStart: string; toRowId: string };

type Props = {
  view: 'week' | 'day';
  date: string;
  zone: string;
  visits: readonly BoardVisit[];
  crews: readonly Crew[];
  canSchedule: boolean;
  onDrop: (drop: BoardDrop) => void;
  /** A visit's end (or start) dragged: its new wall-clock times. */
  onResize: (resize: { payload: VisitEventPayload; newStart: string; newEnd: string }) => void;
  onOpen: (payload: VisitEventPayload) => void;
  /** A job dropped from the Unscheduled tray: its id, the slot's wall-clock time and row. */
  onTrayDrop: (drop: { jobId: string; start: string; rowId: string }) => void;
};

/**
 * The board (ADR 0012): @mantine/schedule's resource views, crews and Unassigned as rows, fed wall-clock strings of the
 * workspace's zone. The day view starts at 05:00 (clocks change between 00:00 and 03:00 local). A drop is read back as
 * wall clock; its end is the visit's own wall-clock duration after the new start, not the library's start + ms.
 */
export function ScheduleBoard({ view, date, zone, visits, crews, canSchedule, onDrop, onResize, onOpen, onTrayDrop }: Props) {
  const events = useMemo(() => visitsToEvents(visits, zone), [visits, zone]);
  const resources = useMemo(() => crewRows(crews), [crews]);
  const common = {
    date,
    resources,
    events: events as ScheduleEventData[],
    withHeader: false,
    withCurrentTimeIndicator: false,
    // The rows are crews: the library's header said 'Resources' (its slots' names stay, the walks find them by it).
    labels: { resources: 'Crews' },
    mode: canSchedule ? ('default' as const) : ('static' as const),
    withEventsDragAndDrop: canSchedule,
    canDragEvent: (event: ScheduleEventData) => !(event.payload as VisitEventPayload).visit.all_day && (event.payload as VisitEventPayload).visit.status !== 'cancelled',
    onEventDrop: ({ event, newStart, resourceId }: { event: ScheduleEventData; newStart: string; resourceId?: string | number }) => {
      const payload = event.payload as VisitEventPayload;
      onDrop({ payload, newStart, toRowId: String(resourceId ?? payload.rowId) });
    },
    onEventClick: (event: ScheduleEventData) => onOpen(event.payload as VisitEventPayload),
    withEventResize: canSchedule,
    canResizeEvent: (event: ScheduleEventData) => !(event.payload as VisitEventPayload).visit.all_day && !(event.payload as VisitEventPayload).visit.recurrence,
    onEventResize: ({ event, newStart, newEnd }: { event: ScheduleEventData; newStart: string; newEnd: string }) => onResize({ payload: event.payload as VisitEventPayload, newStart, newEnd }),
    ...(canSchedule
      ? {
          onExternalEventDrop: ({ dataTransfer, dropDateTime, resourceId }: { dataTransfer: DataTransfer; dropDateTime: string; resourceId?: string | number }) => {
            const jobId = dataTransfer.getData(TRAY_JOB_TYPE);
            if (jobId) onTrayDrop({ jobId, start: dropDateTime, rowId: String(resourceId ?? UNASSIGNED_ROW) });
          },
        }
      : {}),
  };
  // The slots share the board's width (ADR 0012): at the library's fixed 60 px a week (7 × 4 slots) was 1,800 px
  // wide, so at 1280 px an office saw Monday to Thursday and scrolled sideways for the rest of the week; the day view
  // hid its evening. Below a readable minimum the board scrolls sideways instead.
  const { ref, width } = useElementSize();
  const slots = view === 'day' ? BOARD_HOURS : (BOARD_HOURS * 60 * 7) / WEEK_INTERVAL_MINUTES;
  const slotWidth = width > 0 ? Math.max(view === 'day' ? 48 : 30, Math.floor((width - RESOURCE_LABEL_PX - 2) / slots)) : undefined;
  return (
    <div ref={ref}>
      {view === 'day' ? (
        <ResourcesDayView {...common} slotWidth={slotWidth} startTime="05:00:00" endTime="21:00:00" intervalMinutes={60} eventDragInterval={15} eventResizeInterval={15} />
      ) : (
        <ResourcesWeekView {...common} slotWidth={slotWidth} startTime="05:00:00" endTime="21:00:00" intervalMinutes={WEEK_INTERVAL_MINUTES} eventDragInterval={30} eventResizeInterval={30} />
      )}
    </div>
  );
}

/** 05:00 to 21:00. */
const BOARD_HOURS = 16;
const WEEK_INTERVAL_MINUTES = 240;
/** The library's resource label column (--resources-*-view-resource-label-width: 7.5rem). */
const RESOURCE_LABEL_PX = 120;
