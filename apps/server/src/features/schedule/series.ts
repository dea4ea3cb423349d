import { localDate, startOfLocalDay } from '@fieldbook/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { defineJob } from '../../platform/jobs';
import { visitsPlanned } from '../client-messages';
import { expandOccurrences, hasOccurrenceFrom, type SeriesRule } from './recurrence';
import { visitCrews, visitPeople, visits, visitSeries } from './schedule.schema';

/**
 * A repeating visit's occurrences are made as visit rows over a rolling horizon: when the series is made or edited
 * (in that request's transaction) and then daily by `visitSeriesJob`, the one job runner's (platform/jobs.ts) job over
 * the series rows. An occurrence that already has a row — cancelled, moved, in progress — is never made again
 * (unique series_id + occurrence_date).
 */

/** How far ahead a series' visits exist. */
export const SERIES_HORIZON_DAYS = 120;
const DAY = 86_400_000;
/** How often the job extends a series' horizon (by the database's clock, as the runner's due check reads it). */
const EXTEND_EVERY_MS = DAY;

export type SeriesRow = typeof visitSeries.$inferSelect;

const addDays = (isoDate: string, days: number) => new Date(Date.parse(isoDate) + days * DAY).toISOString().slice(0, 10);

export const seriesRule = (s: Pick<SeriesRow, 'rrule' | 'startDate' | 'startTime' | 'timeZone'>): SeriesRule => ({
  rrule: s.rrule,
  startDate: s.startDate,
  startTime: s.startTime,
  timeZone: s.timeZone,
});

/** The instants of an occurrence on `occurrenceDate` starting at `startsAt`: timed by its duration, all-day by its days. */
export function occurrenceSpan(s: Pick<SeriesRow, 'allDay' | 'dayCount' | 'durationMinutes' | 'timeZone'>, occ: { occurrenceDate: string; startsAt: Date }) {
  if (s.allDay) {
    const endLocalDate = addDays(occ.occurrenceDate, s.dayCount - 1);
    return { startsAt: startOfLocalDay(occ.occurrenceDate, s.timeZone), endsAt: startOfLocalDay(addDays(endLocalDate, 1), s.timeZone), localDate: occ.occurrenceDate, endLocalDate };
  }
  const endsAt = new Date(occ.startsAt.getTime() + s.durationMinutes * 60_000);
  return { startsAt: occ.startsAt, endsAt, localDate: occ.occurrenceDate, endLocalDate: localDate(endsAt.getTime() - 1, s.timeZone) };
}

/**
 * Makes the series' visits from `from` (default: where it stopped, else its start) up to now + the horizon, with
 * its crews and people; moves the horizon, schedules the next extension, and ends the series when its rule has no
 * occurrence left. Returns the ids of the visits made.
 */
export async function materialiseSeries(tx: Db | Tx, series: SeriesRow, now: Date, from?: Date): Promise<string[]> {
  const to = new Date(now.getTime() + SERIES_HORIZON_DAYS * DAY);
  const start = from ?? series.materialisedUntil ?? startOfLocalDay(addDays(series.startDate, -1), series.timeZone);
  const rule = seriesRule(series);
  const occurrences = start < to ? expandOccurrences(rule, { from: start, to }) : [];
  let made: string[] = [];
  if (occurrences.length > 0) {
    const rows = await tx
      .insert(visits)
      .values(
        occurrences.map((occ) => ({
          workspaceId: series.workspaceId,
          jobId: series.jobId,
          seriesId: series.id,
          occurrenceDate: occ.occurrenceDate,
          ...occurrenceSpan(series, occ),
          allDay: series.allDay,
          arrivalStart: series.arrivalStart,
          arrivalEnd: series.arrivalEnd,
          notes: series.notes,
          createdBy: series.createdBy,
        })),
      )
      .onConflictDoNothing({ target: [visits.seriesId, visits.occurrenceDate] })
      .returning({ id: visits.id, startsAt: visits.startsAt, allDay: visits.allDay });
    made = rows.map((r) => r.id);
    // Each occurrence's reminder to the client (features/client-messages).
    const planned = rows.map((r) => ({ workspaceId: series.workspaceId, visitId: r.id, jobId: series.jobId, startsAt: r.startsAt.toISOString(), allDay: r.allDay, arrivalStart: series.arrivalStart, arrivalEnd: series.arrivalEnd }));
    await visitsPlanned(tx, planned, now);
    if (made.length > 0 && series.crewIds.length > 0) {
      await tx.insert(visitCrews).values(made.flatMap((visitId) => series.crewIds.map((crewId) => ({ visitId, crewId, workspaceId: series.workspaceId }))));
    }
    if (made.length > 0 && series.userIds.length > 0) {
      await tx.insert(visitPeople).values(made.flatMap((visitId) => series.userIds.map((userId) => ({ visitId, userId, workspaceId: series.workspaceId }))));
    }
  }
  const more = hasOccurrenceFrom(rule, to);
  await tx
    .update(visitSeries)
    .set({ materialisedUntil: to, status: more ? 'active' : 'ended', nextAttemptAt: sql`now() + ${EXTEND_EVERY_MS} * interval '1 millisecond'`, lockedUntil: null, attempts: 0, lastError: null })
    .where(eq(visitSeries.id, series.id));
  return made;
}

/** The daily extension of every active series' horizon (main.ts starts it with the other jobs). */
export function visitSeriesJob(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return defineJob<SeriesRow>({
    name: 'visit series',
    queue: {
      table: visitSeries,
      key: visitSeries.id,
      pending: eq(visitSeries.status, 'active'),
      dueAt: visitSeries.nextAttemptAt,
      lockedUntil: visitSeries.lockedUntil,
      attempts: visitSeries.attempts,
      failed: eq(visitSeries.status, 'failed'),
      fairBy: visitSeries.workspaceId,
    },
    leaseMs: 5 * 60_000,
    maxAttempts: 5,
    backoffMs: (attempts) => 60_000 * 2 ** attempts,
    intervalMs: 60_000,
    describe: (row) => `visit series ${row.id}`,
    work: async (row) => {
      await deps.db.transaction(async (tx) => {
        // Read again under the row's lock: an edit of the series in between changed what to make.
        const [current] = await tx.select().from(visitSeries).where(and(eq(visitSeries.id, row.id), eq(visitSeries.status, 'active'))).for('update');
        if (current) await materialiseSeries(tx, current, now());
      });
    },
    onRetry: (_row, reason) => ({ lastError: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', lastError: reason }),
    givenUpReason: (attempts) => `Visit series stopped: ${attempts} attempts ended without a result`,
  });
}

/**
 * The spans of the occurrences `materialiseSeries` would make for a new series now (from its first day to the
 * horizon), without making them: the check before saving (POST /api/visits/conflicts) looks at the same visits the
 * save checks.
 */
export function plannedOccurrenceSpans(series: Pick<SeriesRow, 'rrule' | 'startDate' | 'startTime' | 'timeZone' | 'allDay' | 'dayCount' | 'durationMinutes'>, now: Date): { startsAt: Date; endsAt: Date }[] {
  const to = new Date(now.getTime() + SERIES_HORIZON_DAYS * DAY);
  const start = startOfLocalDay(addDays(series.startDate, -1), series.timeZone);
  if (start >= to) return [];
  return expandOccurrences(seriesRule(series), { from: start, to }).map((occ) => occurrenceSpan(series, occ));
}
