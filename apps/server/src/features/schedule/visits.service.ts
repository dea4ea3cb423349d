import {
  ASSIGNEE_NOT_IN_WORKSPACE,
  type CheckVisitConflictsBodySchema,
  type CancelVisitBodySchema,
  type CreateVisitBodySchema,
  instantToWallTime,
  localDate,
  SCHEDULING_ADMIN_ONLY,
  SCOPE_FOR_SERIES_ONLY,
  startOfLocalDay,
  type UpdateVisitBodySchema,
  VISIT_CONFLICTS_MAX,
  VISIT_END_BEFORE_START,
  VISIT_NOT_FOUND,
  VISIT_OVERLAP,
  VISIT_STATUS_CHANGE,
  VISIT_STATUS_NOT_YOURS,
  VISIT_TIMES_REQUIRED,
  VISIT_TOO_LONG,
  VISIT_VERSION_CONFLICT,
  type VisitStatusBodySchema,
  type SavedVisit,
  type Visit,
  type VisitConflict,
  type VisitStatus,
} from '@fieldbook/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/sql';
import { AppError, fieldError } from '../../platform/errors';
import type { WorkspaceActor } from '../../platform/endpoint';
import { visitBooked, visitCancelled, visitMoved, visitOnTheWay, visitsRemoved, type VisitForMessages } from '../client-messages';
import { findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { findPeople } from '../profiles';
import { workspaceAdminIds, workspaceTimeZone } from '../workspaces';
import { assertValidRule, countOccurrencesBefore, endRuleBefore, ruleFromOccurrence } from './recurrence';
import { findConflicts, findConflictsOfVisits, findVisit, visitOfPersonSql, type Occurrences } from './schedule.repository';
import { crews, visitCrews, visitPeople, visits, visitSeries } from './schedule.schema';
import { materialiseSeries, plannedOccurrenceSpans, seriesRule, type SeriesRow } from './series';

/**
 * Visits: scheduling (the workspace's admins), status changes (the visit's crew and people too), the overlap check and
 * optimistic concurrency (contract schedule.ts says who may do what).
 */

const DAY = 86_400_000;
const MAX_VISIT_MS = 14 * DAY;
const addDays = (isoDate: string, days: number) => new Date(Date.parse(isoDate) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
const hhmm = (instant: Date, zone: string) => {
  const w = instantToWallTime(instant, zone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

type VisitRow = typeof visits.$inferSelect;
type WhenInput = { starts_at?: string | undefined; ends_at?: string | undefined; all_day?: boolean | undefined; date?: string | undefined; end_date?: string | undefined };
type Span = { startsAt: Date; endsAt: Date; allDay: boolean; localDate: string; endLocalDate: string };

/** Whether the caller schedules in their workspace: its owner or an admin-role member. */
export async function isScheduler(db: Db | Tx, actor: WorkspaceActor): Promise<boolean> {
  return (await workspaceAdminIds(db, actor.workspaceId)).includes(actor.userId);
}

export async function requireScheduler(db: Db | Tx, actor: WorkspaceActor): Promise<void> {
  if (!(await isScheduler(db, actor))) throw new AppError('FORBIDDEN', SCHEDULING_ADMIN_ONLY);
}

function hasWhen(input: WhenInput): boolean {
  return input.starts_at !== undefined || input.ends_at !== undefined || input.all_day !== undefined || input.date !== undefined || input.end_date !== undefined;
}

/** The instants and local days a request's times name, in the workspace's zone. */
export function resolveSpan(input: WhenInput, zone: string): Span {
  if (input.all_day) {
    if (!input.date) throw fieldError('date', VISIT_TIMES_REQUIRED);
    const endLocalDate = input.end_date ?? input.date;
    if (endLocalDate < input.date) throw fieldError('end_date', VISIT_END_BEFORE_START);
    if (daysBetween(input.date, endLocalDate) >= 14) throw fieldError('end_date', VISIT_TOO_LONG);
    return { startsAt: startOfLocalDay(input.date, zone), endsAt: startOfLocalDay(addDays(endLocalDate, 1), zone), allDay: true, localDate: input.date, endLocalDate };
  }
  if (!input.starts_at) throw fieldError('starts_at', VISIT_TIMES_REQUIRED);
  if (!input.ends_at) throw fieldError('ends_at', VISIT_TIMES_REQUIRED);
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (endsAt <= startsAt) throw fieldError('ends_at', VISIT_END_BEFORE_START);
  if (endsAt.getTime() - startsAt.getTime() > MAX_VISIT_MS) throw fieldError('ends_at', VISIT_TOO_LONG);
  return { startsAt, endsAt, allDay: false, localDate: localDate(startsAt, zone), endLocalDate: localDate(endsAt.getTime() - 1, zone) };
}

/** 400 unless every crew and person is of the workspace. */
async function assertAssignees(tx: Db | Tx, workspaceId: string, crewIds: string[], userIds: string[]): Promise<void> {
  if (crewIds.length > 0) {
    const found = await tx.select({ id: crews.id }).from(crews).where(and(eq(crews.workspaceId, workspaceId), inArray(crews.id, crewIds)));
    if (found.length !== crewIds.length) throw fieldError('crew_ids', ASSIGNEE_NOT_IN_WORKSPACE);
  }
  if (userIds.length > 0) {
    const people = await findPeople(tx, userIds);
    if (userIds.some((id) => people.get(id)?.workspaceId !== workspaceId)) throw fieldError('user_ids', ASSIGNEE_NOT_IN_WORKSPACE);
  }
}

async function setAssignees(tx: Db | Tx, workspaceId: string, visitIds: string[], crewIds: string[] | undefined, userIds: string[] | undefined): Promise<void> {
  if (visitIds.length === 0) return;
  if (crewIds) {
    await tx.delete(visitCrews).where(inArray(visitCrews.visitId, visitIds));
    if (crewIds.length) await tx.insert(visitCrews).values(visitIds.flatMap((visitId) => crewIds.map((crewId) => ({ visitId, crewId, workspaceId }))));
  }
  if (userIds) {
    await tx.delete(visitPeople).where(inArray(visitPeople.visitId, visitIds));
    if (userIds.length) await tx.insert(visitPeople).values(visitIds.flatMap((visitId) => userIds.map((userId) => ({ visitId, userId, workspaceId }))));
  }
}

async function assigneesOf(tx: Db | Tx, visitId: string): Promise<{ crewIds: string[]; userIds: string[] }> {
  const [c, p] = await Promise.all([
    tx.select({ id: visitCrews.crewId }).from(visitCrews).where(eq(visitCrews.visitId, visitId)),
    tx.select({ id: visitPeople.userId }).from(visitPeople).where(eq(visitPeople.visitId, visitId)),
  ]);
  return { crewIds: c.map((r) => r.id), userIds: p.map((r) => r.id) };
}

/**
 * Serialises the workspace's scheduling writes (a transaction-scoped advisory lock): two dispatchers saving at once
 * each check overlaps after the other's visit is committed, so neither saves an overlap the other made unseen.
 */
async function lockWorkspaceSchedule(tx: Tx, workspaceId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`schedule:${workspaceId}`}, 0))`);
}

/** 409 listing the overlaps unless the caller confirmed them. */
function refuseUnconfirmed(conflicts: VisitConflict[], confirmed: boolean, zone: string): void {
  if (conflicts.length === 0 || confirmed) return;
  throw new AppError(
    'CONFLICT',
    VISIT_OVERLAP(conflicts.length),
    conflicts.map((c) => ({
      field: 'confirm_overlap',
      message: `${c.job_title ?? 'A visit'}${c.client_name ? ` (${c.client_name})` : ''}: ${localDate(new Date(c.starts_at), zone)}${c.all_day ? ', all day' : ` ${hhmm(new Date(c.starts_at), zone)}–${hhmm(new Date(c.ends_at), zone)}`}`,
    })),
  );
}

/**
 * The overlaps of a series' occurrences just made (its horizon), added to those already found for the visit itself;
 * 409 unless confirmed. Bounded: at most one occurrence a day over 120 days, one statement.
 */
async function seriesConflicts(
  tx: Db | Tx,
  q: { workspaceId: string; made: Occurrences; crewIds: string[]; userIds: string[]; seriesIds: string[]; before: VisitConflict[]; confirmed: boolean; zone: string },
): Promise<VisitConflict[]> {
  const found = await findConflictsOfVisits(tx, { workspaceId: q.workspaceId, visitIds: q.made, crewIds: q.crewIds, userIds: q.userIds, exceptSeriesIds: q.seriesIds });
  const seen = new Set(q.before.map((c) => c.visit_id));
  const all = [...q.before, ...found.filter((c) => !seen.has(c.visit_id))].sort((a, b) => a.starts_at.localeCompare(b.starts_at)).slice(0, VISIT_CONFLICTS_MAX);
  refuseUnconfirmed(all, q.confirmed, q.zone);
  return all;
}

async function answer(db: Db | Tx, workspaceId: string, visitId: string): Promise<Visit> {
  const visit = await findVisit(db, { workspaceId, visitId });
  if (!visit) throw new AppError('NOT_FOUND', VISIT_NOT_FOUND);
  return visit;
}

/** The visit as the client's automatic messages need it (features/client-messages). */
const forMessages = (workspaceId: string, v: Visit): VisitForMessages => ({
  workspaceId,
  visitId: v.id,
  jobId: v.job.id,
  startsAt: v.starts_at,
  allDay: v.all_day,
  arrivalStart: v.arrival_window?.start ?? null,
  arrivalEnd: v.arrival_window?.end ?? null,
});

export async function getVisit(opts: { db: Db; actor: WorkspaceActor; visitId: string }): Promise<Visit> {
  return answer(opts.db, opts.actor.workspaceId, opts.visitId);
}

export async function checkConflicts(opts: { db: Db; actor: WorkspaceActor; input: z.output<typeof CheckVisitConflictsBodySchema>; now: Date }): Promise<{ conflicts: VisitConflict[] }> {
  const zone = await workspaceTimeZone(opts.db, opts.actor.workspaceId);
  const span = resolveSpan(opts.input, zone);
  await assertAssignees(opts.db, opts.actor.workspaceId, opts.input.crew_ids, opts.input.user_ids);
  const conflicts = await findConflicts(opts.db, {
    workspaceId: opts.actor.workspaceId,
    startsAt: span.startsAt,
    endsAt: span.endsAt,
    crewIds: opts.input.crew_ids,
    userIds: opts.input.user_ids,
    exceptVisitIds: opts.input.visit_id ? [opts.input.visit_id] : [],
  });
  if (!opts.input.recurrence) return { conflicts };
  // A repeating visit: every occurrence the save would make over its horizon, checked as the save checks them.
  const shape = seriesShape(opts.input.recurrence.rrule, span, zone);
  assertValidRule(shape);
  const made = plannedOccurrenceSpans(shape, opts.now);
  const { crew_ids: crewIds, user_ids: userIds } = opts.input;
  return { conflicts: await seriesConflicts(opts.db, { workspaceId: opts.actor.workspaceId, made, crewIds, userIds, seriesIds: [], before: conflicts, confirmed: true, zone }) };
}

/** A new series' rule and length from the visit's own day and times (its first occurrence). */
function seriesShape(rrule: string, span: Span, zone: string) {
  return {
    rrule,
    startDate: span.localDate,
    startTime: span.allDay ? '00:00' : hhmm(span.startsAt, zone),
    timeZone: zone,
    allDay: span.allDay,
    durationMinutes: Math.round((span.endsAt.getTime() - span.startsAt.getTime()) / 60_000),
    dayCount: daysBetween(span.localDate, span.endLocalDate) + 1,
  };
}

/** A new visit, or a repeating one (a series whose first occurrences are made now): admins only. */
export async function createVisit(opts: { db: Db; actor: WorkspaceActor; input: z.output<typeof CreateVisitBodySchema>; now: Date }): Promise<SavedVisit> {
  const { db, actor, input } = opts;
  const workspaceId = actor.workspaceId;
  return db.transaction(async (tx) => {
    await requireScheduler(tx, actor);
    await lockWorkspaceSchedule(tx, workspaceId);
    if (!(await findJobRecord(tx, { workspaceId, jobId: input.job_id }))) throw fieldError('job_id', JOB_NOT_FOUND);
    await assertAssignees(tx, workspaceId, input.crew_ids, input.user_ids);
    const zone = await workspaceTimeZone(tx, workspaceId);
    const span = resolveSpan(input, zone);
    let conflicts = await findConflicts(tx, { workspaceId, startsAt: span.startsAt, endsAt: span.endsAt, crewIds: input.crew_ids, userIds: input.user_ids, exceptVisitIds: [] });
    refuseUnconfirmed(conflicts, input.confirm_overlap, zone);
    const template = {
      workspaceId,
      jobId: input.job_id,
      allDay: span.allDay,
      arrivalStart: input.arrival_window?.start ?? null,
      arrivalEnd: input.arrival_window?.end ?? null,
      notes: input.notes,
      createdBy: actor.userId,
    };
    let visitId: string;
    if (input.recurrence) {
      const rule = seriesShape(input.recurrence.rrule, span, zone);
      assertValidRule(rule);
      const [series] = await tx
        .insert(visitSeries)
        .values({
          ...template,
          ...rule,
          crewIds: input.crew_ids,
          userIds: input.user_ids,
        })
        .returning();
      const made = await materialiseSeries(tx, series!, opts.now);
      // Every occurrence made over the horizon is checked, not only the first (a 409 rolls the series back).
      conflicts = await seriesConflicts(tx, { workspaceId, made, crewIds: input.crew_ids, userIds: input.user_ids, seriesIds: [series!.id], before: conflicts, confirmed: input.confirm_overlap, zone });
      // The first occurrence (the visit's own day, unless a BYDAY moves the first one later).
      const [first] = await tx.select({ id: visits.id }).from(visits).where(eq(visits.seriesId, series!.id)).orderBy(visits.startsAt).limit(1);
      if (!first) throw fieldError('recurrence.rrule', 'This repeat rule has no visit from the chosen day on');
      visitId = first.id;
    } else {
      const [row] = await tx
        .insert(visits)
        .values({ ...template, startsAt: span.startsAt, endsAt: span.endsAt, localDate: span.localDate, endLocalDate: span.endLocalDate })
        .returning({ id: visits.id });
      visitId = row!.id;
      await setAssignees(tx, workspaceId, [visitId], input.crew_ids, input.user_ids);
    }
    const visit = await answer(tx, workspaceId, visitId);
    await visitBooked(tx, forMessages(workspaceId, visit), opts.now);
    return { ...visit, conflicts };
  });
}

/** The visit under its row lock, 404 for another workspace's or none, 409 for a version other than the caller's. */
async function lockVisit(tx: Tx, workspaceId: string, visitId: string, version?: number): Promise<VisitRow> {
  const [row] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.id, visitId), eq(visits.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', VISIT_NOT_FOUND);
  if (version !== undefined && row.version !== version) throw new AppError('CONFLICT', VISIT_VERSION_CONFLICT, [{ field: 'version', message: VISIT_VERSION_CONFLICT }]);
  return row;
}

async function lockSeries(tx: Tx, seriesId: string): Promise<SeriesRow> {
  const [s] = await tx.select().from(visitSeries).where(eq(visitSeries.id, seriesId)).for('update');
  if (!s) throw new AppError('NOT_FOUND', VISIT_NOT_FOUND);
  return s;
}

/** Removes a series' visits still only scheduled and never changed on their own, from `fromDate` (local) on. */
async function dropPlannedOccurrences(tx: Tx, seriesId: string, where: { fromDate?: string; fromInstant?: Date }): Promise<void> {
  const removed = await tx
    .delete(visits)
    .where(
      and(
        eq(visits.seriesId, seriesId),
        eq(visits.isException, false),
        eq(visits.status, 'scheduled'),
        where.fromDate ? gte(visits.occurrenceDate, where.fromDate) : undefined,
        where.fromInstant ? gte(visits.startsAt, where.fromInstant) : undefined,
      ),
    )
    .returning({ id: visits.id, workspaceId: visits.workspaceId });
  // Their reminders to the client go with them (features/client-messages).
  if (removed[0]) await visitsRemoved(tx, { workspaceId: removed[0].workspaceId, visitIds: removed.map((r) => r.id) });
}

/**
 * Move, reassign or edit (admins), with the version the caller read. For a repeating visit `scope` decides: 'this'
 * makes it an exception; 'this_and_following' ends the series before its day and starts a new one there with the
 * changes; 'all' changes the series and remakes its planned visits from now on (past visits and exceptions stay).
 */
export async function updateVisit(opts: { db: Db; actor: WorkspaceActor; visitId: string; input: z.output<typeof UpdateVisitBodySchema>; now: Date }): Promise<SavedVisit> {
  const { db, actor, input, now } = opts;
  const workspaceId = actor.workspaceId;
  return db.transaction(async (tx) => {
    await requireScheduler(tx, actor);
    await lockWorkspaceSchedule(tx, workspaceId);
    const row = await lockVisit(tx, workspaceId, opts.visitId, input.version);
    if (input.scope !== 'this' && !row.seriesId) throw fieldError('scope', SCOPE_FOR_SERIES_ONLY);
    if (input.rrule !== undefined && input.scope === 'this') throw fieldError('rrule', SCOPE_FOR_SERIES_ONLY);
    const zone = await workspaceTimeZone(tx, workspaceId);
    const current = await assigneesOf(tx, row.id);
    if (input.crew_ids || input.user_ids) await assertAssignees(tx, workspaceId, input.crew_ids ?? [], input.user_ids ?? []);
    const crewIds = input.crew_ids ?? current.crewIds;
    const userIds = input.user_ids ?? current.userIds;
    const span: Span = hasWhen(input)
      ? resolveSpan({ all_day: row.allDay, ...input, ...(input.all_day === undefined && row.allDay && !input.date ? { date: row.localDate } : {}) }, zone)
      : { startsAt: row.startsAt, endsAt: row.endsAt, allDay: row.allDay, localDate: row.localDate, endLocalDate: row.endLocalDate };
    let conflicts = await findConflicts(tx, { workspaceId, startsAt: span.startsAt, endsAt: span.endsAt, crewIds, userIds, exceptVisitIds: [row.id] });
    refuseUnconfirmed(conflicts, input.confirm_overlap, zone);
    const arrival =
      input.arrival_window === undefined ? {} : { arrivalStart: input.arrival_window?.start ?? null, arrivalEnd: input.arrival_window?.end ?? null };
    const notes = input.notes === undefined ? {} : { notes: input.notes };

    if (input.scope === 'this') {
      await tx
        .update(visits)
        .set({ ...span, ...arrival, ...notes, isException: row.seriesId !== null, version: sql`${visits.version} + 1`, updatedAt: now })
        .where(eq(visits.id, row.id));
      await setAssignees(tx, workspaceId, [row.id], input.crew_ids, input.user_ids);
      const visit = await answer(tx, workspaceId, row.id);
      await visitMoved(tx, { startsAt: row.startsAt.toISOString(), arrivalStart: row.arrivalStart, arrivalEnd: row.arrivalEnd }, forMessages(workspaceId, visit), now);
      return { ...visit, conflicts };
    }

    // A series edit: the template's new values, shifted by the days this visit moved.
    const series = await lockSeries(tx, row.seriesId!);
    const shift = daysBetween(row.localDate, span.localDate);
    const template = {
      allDay: span.allDay,
      startTime: span.allDay ? '00:00' : hasWhen(input) ? hhmm(span.startsAt, zone) : series.startTime,
      durationMinutes: Math.round((span.endsAt.getTime() - span.startsAt.getTime()) / 60_000),
      dayCount: daysBetween(span.localDate, span.endLocalDate) + 1,
      crewIds,
      userIds,
      ...(input.arrival_window === undefined ? {} : { arrivalStart: input.arrival_window?.start ?? null, arrivalEnd: input.arrival_window?.end ?? null }),
      ...notes,
    };
    const occurrenceDate = row.occurrenceDate!;
    let target: { seriesId: string; occurrenceDate: string };
    if (input.scope === 'all') {
      const next = { ...series, ...template, rrule: input.rrule ?? series.rrule, startDate: addDays(series.startDate, shift), materialisedUntil: now };
      assertValidRule(seriesRule(next));
      await tx.update(visitSeries).set({ ...template, rrule: next.rrule, startDate: next.startDate, status: 'active' }).where(eq(visitSeries.id, series.id));
      await dropPlannedOccurrences(tx, series.id, { fromInstant: now });
      const made = await materialiseSeries(tx, next, now, now);
      conflicts = await seriesConflicts(tx, { workspaceId, made, crewIds, userIds, seriesIds: [series.id], before: conflicts, confirmed: input.confirm_overlap, zone });
      target = { seriesId: series.id, occurrenceDate: addDays(occurrenceDate, shift) };
    } else {
      const dayStart = startOfLocalDay(occurrenceDate, series.timeZone);
      const used = countOccurrencesBefore(seriesRule(series), dayStart);
      const rule = { rrule: ruleFromOccurrence(input.rrule ?? series.rrule, input.rrule ? 0 : used), startDate: addDays(occurrenceDate, shift), startTime: template.startTime, timeZone: series.timeZone };
      assertValidRule(rule);
      await tx.update(visitSeries).set({ rrule: endRuleBefore(series.rrule, dayStart) }).where(eq(visitSeries.id, series.id));
      await dropPlannedOccurrences(tx, series.id, { fromDate: occurrenceDate });
      const { id: _id, createdAt: _c, updatedAt: _u, materialisedUntil: _m, ...rest } = series;
      const [created] = await tx
        .insert(visitSeries)
        .values({ ...rest, ...template, ...rule, status: 'active', attempts: 0, lockedUntil: null, lastError: null, createdBy: actor.userId })
        .returning();
      const made = await materialiseSeries(tx, created!, now);
      conflicts = await seriesConflicts(tx, { workspaceId, made, crewIds, userIds, seriesIds: [series.id, created!.id], before: conflicts, confirmed: input.confirm_overlap, zone });
      target = { seriesId: created!.id, occurrenceDate: rule.startDate };
    }
    // The edited visit if it stayed (started, or an exception), else the occurrence made in its place.
    const [kept] = await tx.select({ id: visits.id }).from(visits).where(eq(visits.id, row.id));
    let visitId = kept?.id;
    if (kept) {
      await tx
        .update(visits)
        .set({ ...span, ...arrival, ...notes, version: sql`${visits.version} + 1`, updatedAt: now })
        .where(eq(visits.id, row.id));
      await setAssignees(tx, workspaceId, [row.id], crewIds, userIds);
    } else {
      const [made] = await tx
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.seriesId, target.seriesId), gte(visits.occurrenceDate, target.occurrenceDate)))
        .orderBy(visits.occurrenceDate)
        .limit(1);
      visitId = made?.id;
    }
    if (!visitId) throw new AppError('NOT_FOUND', VISIT_NOT_FOUND);
    const visit = await answer(tx, workspaceId, visitId);
    // The edited visit's messages follow it (a remade occurrence is a new visit: its own booking and reminder).
    if (visitId === row.id) await visitMoved(tx, { startsAt: row.startsAt.toISOString(), arrivalStart: row.arrivalStart, arrivalEnd: row.arrivalEnd }, forMessages(workspaceId, visit), now);
    else {
      await visitCancelled(tx, { workspaceId, visitId: row.id });
      await visitBooked(tx, forMessages(workspaceId, visit), now);
    }
    return { ...visit, conflicts };
  });
}

/** Cancels the visit ('this'), or ends the series from its day ('this_and_following') or from now on ('all'). */
export async function cancelVisit(opts: { db: Db; actor: WorkspaceActor; visitId: string; input: z.output<typeof CancelVisitBodySchema>; now: Date }): Promise<Visit> {
  const { db, actor, input, now } = opts;
  const workspaceId = actor.workspaceId;
  return db.transaction(async (tx) => {
    await requireScheduler(tx, actor);
    const row = await lockVisit(tx, workspaceId, opts.visitId, input.version);
    if (input.scope !== 'this' && !row.seriesId) throw fieldError('scope', SCOPE_FOR_SERIES_ONLY);
    if (row.status === 'completed') throw new AppError('CONFLICT', VISIT_STATUS_CHANGE('completed', 'cancelled'));
    // The visit itself stays, cancelled (an exception of its series, so the removals below leave it), whatever the scope.
    await tx
      .update(visits)
      .set({ status: 'cancelled', cancelledAt: row.cancelledAt ?? now, isException: row.seriesId !== null, version: sql`${visits.version} + 1`, updatedAt: now })
      .where(eq(visits.id, row.id));
    if (input.scope !== 'this') {
      const series = await lockSeries(tx, row.seriesId!);
      if (input.scope === 'this_and_following') {
        await tx.update(visitSeries).set({ rrule: endRuleBefore(series.rrule, startOfLocalDay(row.occurrenceDate!, series.timeZone)) }).where(eq(visitSeries.id, series.id));
        await dropPlannedOccurrences(tx, series.id, { fromDate: row.occurrenceDate! });
      } else {
        await tx.update(visitSeries).set({ status: 'ended' }).where(eq(visitSeries.id, series.id));
        await dropPlannedOccurrences(tx, series.id, { fromInstant: now });
      }
    }
    await visitCancelled(tx, { workspaceId, visitId: row.id });
    return answer(tx, workspaceId, row.id);
  });
}

const STATUS_ORDER: Record<VisitStatus, number> = { scheduled: 0, on_the_way: 1, in_progress: 2, completed: 3, cancelled: 4 };
const STATUS_TIME = { on_the_way: 'onTheWayAt', in_progress: 'startedAt', completed: 'completedAt' } as const;

/**
 * On my way / Start / Complete: by the visit's crew or people, or an admin. The same status again changes nothing (a
 * replay from the offline queue keeps its first timestamp); going back, or from cancelled, is 409.
 */
export async function setVisitStatus(opts: { db: Db; actor: WorkspaceActor; visitId: string; input: z.output<typeof VisitStatusBodySchema>; now: Date }): Promise<Visit> {
  const { db, actor, now } = opts;
  const workspaceId = actor.workspaceId;
  const to = opts.input.status;
  return db.transaction(async (tx) => {
    const row = await lockVisit(tx, workspaceId, opts.visitId);
    if (!(await isScheduler(tx, actor))) {
      const [mine] = await queryRows<{ ok: boolean }>(tx as unknown as Db, sql`SELECT ${visitOfPersonSql(actor.userId)} AS ok FROM visits v WHERE v.id = ${row.id}`);
      if (!mine?.ok) throw new AppError('FORBIDDEN', VISIT_STATUS_NOT_YOURS);
    }
    if (row.status === to) return answer(tx, workspaceId, row.id);
    if (row.status === 'cancelled' || STATUS_ORDER[to] < STATUS_ORDER[row.status]) throw new AppError('CONFLICT', VISIT_STATUS_CHANGE(row.status, to));
    await tx
      .update(visits)
      .set({ status: to, [STATUS_TIME[to]]: now, version: sql`${visits.version} + 1`, updatedAt: now })
      .where(eq(visits.id, row.id));
    const visit = await answer(tx, workspaceId, row.id);
    // The client's messages (features/client-messages): On my way texts the arrival; once started, no reminder is due.
    if (to === 'on_the_way') await visitOnTheWay(tx, forMessages(workspaceId, visit), now);
    else await visitCancelled(tx, { workspaceId, visitId: row.id });
    return visit;
  });
}
