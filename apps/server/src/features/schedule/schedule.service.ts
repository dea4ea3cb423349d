import { localDate, startOfLocalDay, type JobVisitListSchema, type ListVisitsQuerySchema, type TodaySchema, type UnscheduledTraySchema, type VisitListSchema } from '@fieldbook/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import type { JsonText } from '../../platform/json-text';
import { findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { workspaceTimeZone } from '../workspaces';
import { findJobVisitsJson, findTodayJson, findUnscheduledJson, findVisitsJson } from './schedule.repository';

/** The board, the tray and /today: reads any member of the workspace may make. */

const nextDay = (isoDate: string) => new Date(Date.parse(isoDate) + 86_400_000).toISOString().slice(0, 10);

/** Visits overlapping the local days from..to (inclusive) in the workspace's zone. */
export async function listVisits(opts: { db: Db; actor: WorkspaceActor; query: z.output<typeof ListVisitsQuerySchema> }): Promise<JsonText<typeof VisitListSchema>> {
  const { query } = opts;
  const timeZone = await workspaceTimeZone(opts.db, opts.actor.workspaceId);
  return findVisitsJson(opts.db, {
    workspaceId: opts.actor.workspaceId,
    timeZone,
    from: query.from,
    to: query.to,
    fromInstant: startOfLocalDay(query.from, timeZone),
    toInstant: startOfLocalDay(nextDay(query.to), timeZone),
    crewId: query.crew_id,
    userId: query.user_id,
    includeCancelled: query.include_cancelled,
  });
}

/** The caller's visits of today, today being the workspace's. */
export async function findToday(opts: { db: Db; actor: WorkspaceActor; now: Date }): Promise<JsonText<typeof TodaySchema>> {
  const timeZone = await workspaceTimeZone(opts.db, opts.actor.workspaceId);
  const date = localDate(opts.now, timeZone);
  return findTodayJson(opts.db, {
    workspaceId: opts.actor.workspaceId,
    userId: opts.actor.userId,
    date,
    timeZone,
    fromInstant: startOfLocalDay(date, timeZone),
    toInstant: startOfLocalDay(nextDay(date), timeZone),
  });
}

export async function findUnscheduled(opts: { db: Db; actor: WorkspaceActor; now: Date }): Promise<JsonText<typeof UnscheduledTraySchema>> {
  return findUnscheduledJson(opts.db, { workspaceId: opts.actor.workspaceId, now: opts.now });
}

/** A job's visits for its page; 404 for a job not in the caller's workspace. */
export async function listJobVisits(opts: { db: Db; actor: WorkspaceActor; jobId: string }): Promise<JsonText<typeof JobVisitListSchema>> {
  if (!(await findJobRecord(opts.db, { workspaceId: opts.actor.workspaceId, jobId: opts.jobId }))) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const timeZone = await workspaceTimeZone(opts.db, opts.actor.workspaceId);
  return findJobVisitsJson(opts.db, { workspaceId: opts.actor.workspaceId, jobId: opts.jobId, timeZone });
}
