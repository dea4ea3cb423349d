import type { MantineColor } from '@mantine/core';
import type { Crew, BoardVisit, VisitConflict, VisitStatus } from '@fieldbook/contract';
import { addDays, addWallMinutes, boardTimeOf, formatWindow, fromBoardTime, toBoardTime, wallMinutesBetween, type BoardTime } from './board-time';

/** The row of visits without a crew. */
export const UNASSIGNED_ROW = 'unassigned';

export const VISIT_STATUS_COLOURS: Record<VisitStatus, MantineColor> = {
  scheduled: 'blue',
  on_the_way: 'yellow',
  in_progress: 'orange',
  completed: 'green',
  cancelled: 'gray',
};

/** What the board knows of the visit behind an event: the visit and the row (crew) the event is drawn in. */
export type VisitEventPayload = { visit: BoardVisit; rowId: string; start: BoardTime; end: BoardTime };

export type VisitEvent = {
  id: string;
  title: string;
  start: BoardTime;
  end: BoardTime;
  color: MantineColor;
  resourceId: string;
  payload: VisitEventPayload;
};

/** "Roof repair · Lopez" — the job's title and client, whichever it has. */
export function visitLabel(visit: Pick<BoardVisit, 'job'>): string {
  return [visit.job.title, visit.job.client_name].filter(Boolean).join(' · ') || 'Untitled job';
}

/** The board times of a visit: an all-day one spans its local days, a timed one its wall-clock start and end. */
export function visitBoardTimes(visit: BoardVisit, zone: string): { start: BoardTime; end: BoardTime } {
  if (visit.all_day) return { start: boardTimeOf(visit.local_date, '00:00'), end: boardTimeOf(addDays(visit.end_local_date, 1), '00:00') };
  return { start: toBoardTime(visit.starts_at, zone), end: toBoardTime(visit.ends_at, zone) };
}

/**
 * The board's events: one per visit and row — a visit of two crews shows in both rows (ids `<visit>:<crew>`, unique
 * per event), one without a crew in the Unassigned row. Times are wall clock of the workspace's zone (board-time.ts).
 */
export function visitsToEvents(visits: readonly BoardVisit[], zone: string): VisitEvent[] {
  return visits.flatMap((visit) => {
    const { start, end } = visitBoardTimes(visit, zone);
    const window = visit.arrival_window ? ` (${formatWindow(visit.arrival_window.start, visit.arrival_window.end)})` : '';
    const rows = visit.crews.length > 0 ? visit.crews.map((c) => c.id) : [UNASSIGNED_ROW];
    return rows.map((rowId) => ({
      id: `${visit.id}:${rowId}`,
      title: `${visitLabel(visit)}${window}`,
      start,
      end,
      color: VISIT_STATUS_COLOURS[visit.status],
      resourceId: rowId,
      payload: { visit, rowId, start, end },
    }));
  });
}

/**
 * The month view's events: one per visit (not per crew row), its start time before the job — '09:00 Roof repair ·
 * Lopez' — in its status colour; all-day visits span their days.
 */
export function visitsToMonthEvents(visits: readonly BoardVisit[], zone: string): VisitEvent[] {
  return visits.map((visit) => {
    const { start, end } = visitBoardTimes(visit, zone);
    const rowId = visit.crews[0]?.id ?? UNASSIGNED_ROW;
    return {
      id: visit.id,
      title: visit.all_day ? visitLabel(visit) : `${start.slice(11, 16)} ${visitLabel(visit)}`,
      start,
      end,
      color: VISIT_STATUS_COLOURS[visit.status],
      resourceId: rowId,
      payload: { visit, rowId, start, end },
    };
  });
}

/** How many visits each local day has (a visit over several days counts on each). */
export function visitsPerDay(visits: readonly BoardVisit[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of visits) {
    for (let day = v.local_date; day <= v.end_local_date; day = addDays(day, 1)) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

/** The board's rows: each crew in its colour, then Unassigned. */
export function crewRows(crews: readonly Crew[]): Array<{ id: string; label: string; color?: MantineColor }> {
  return [...crews.map((c) => ({ id: c.id, label: c.name, color: c.colour })), { id: UNASSIGNED_ROW, label: 'Unassigned' }];
}

/** A visit's crews after it is dragged from one row to another (Unassigned removes the row's crew). */
export function crewIdsAfterMove(visit: BoardVisit, fromRow: string, toRow: string): string[] {
  const ids = visit.crews.map((c) => c.id).filter((id) => id !== fromRow);
  return toRow === UNASSIGNED_ROW || ids.includes(toRow) ? ids : [...ids, toRow];
}

/** An overlap as the server words it in its 409: 'Roof repair (Lopez): 2026-03-10 09:00–11:00'. */
export function conflictText(c: Pick<VisitConflict, 'job_title' | 'client_name' | 'starts_at' | 'ends_at' | 'all_day'>, zone: string): string {
  const start = toBoardTime(c.starts_at, zone);
  const when = c.all_day ? `${start.slice(0, 10)}, all day` : `${start.slice(0, 10)} ${start.slice(11, 16)}–${toBoardTime(c.ends_at, zone).slice(11, 16)}`;
  return `${c.job_title ?? 'A visit'}${c.client_name ? ` (${c.client_name})` : ''}: ${when}`;
}

/**
 * The PATCH body of a drop on the board: the new wall-clock start read as the workspace's time, the end the visit's own
 * wall-clock duration after it (not the library's start + ms), and the crews changed when the row changed.
 */
export function dropBody(drop: { payload: VisitEventPayload; newStart: BoardTime; toRowId: string }, zone: string) {
  const { visit, rowId, start, end } = drop.payload;
  const newEnd = addWallMinutes(drop.newStart, wallMinutesBetween(start, end));
  return {
    scope: 'this' as const,
    starts_at: fromBoardTime(drop.newStart, zone),
    ends_at: fromBoardTime(newEnd, zone),
    ...(drop.toRowId !== rowId ? { crew_ids: crewIdsAfterMove(visit, rowId, drop.toRowId) } : {}),
  };
}
