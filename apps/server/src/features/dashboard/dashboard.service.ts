import {
  ListJobsQuerySchema,
  ListTasksQuerySchema,
  nationalPhone,
  ListDocumentsQuerySchema,
  STANDARD_HOME_QUERIES,
  type DashboardStats,
  type DashboardTaskListSchema,
  type HomepageDataSchema,
  type PerformanceStats,
} from '@fieldbook/contract';
import type { Db } from '../../db/client';
import { findPeople } from '../profiles';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import type { JsonText } from '../../platform/json-text';
import { findDocumentsPageJson, jobDocumentsJsonSql } from '../documents';
import { findJobsPageJson } from '../jobs';
import { findTasksPageJson, jobTasksJsonSql } from '../tasks';
import { countsForWorkspace, dashboardTasksJson, homepageJson } from './dashboard.repository';

export async function getDashboardStats(opts: { db: Db; actor: Actor }): Promise<DashboardStats> {
  return countsForWorkspace(opts.db, requireWorkspace(opts.actor));
}

export async function getDashboardTasks(opts: { db: Db; actor: Actor }): Promise<JsonText<typeof DashboardTaskListSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const profile = { phone: (await findPeople(opts.db, [opts.actor.userId])).get(opts.actor.userId)?.phoneNumber ?? null };
  return dashboardTasksJson({ db: opts.db, workspaceId, userId: opts.actor.userId, assigneePhone: profile?.phone ? nationalPhone(profile.phone) : null });
}

export async function getHomepageData(opts: { db: Db; actor: Actor }): Promise<JsonText<typeof HomepageDataSchema>> {
  return homepageJson(opts.db, requireWorkspace(opts.actor), opts.actor.userId);
}

/** The Standard home's reads, exactly what its requests run (STANDARD_HOME_QUERIES), concurrently as the browser sends them. */
const STANDARD_TASKS_QUERY = ListTasksQuerySchema.parse(STANDARD_HOME_QUERIES.tasks);
const STANDARD_JOBS_QUERY = ListJobsQuerySchema.parse(STANDARD_HOME_QUERIES.jobs);
const STANDARD_DOCUMENTS_QUERY = ListDocumentsQuerySchema.parse(STANDARD_HOME_QUERIES.documents);
const STANDARD_REQUESTS = Object.keys(STANDARD_HOME_QUERIES).length;

async function runStandardHome(db: Db, actor: Actor, workspaceId: string): Promise<void> {
  await Promise.all([
    findTasksPageJson({ db, workspaceId, userId: actor.userId, query: STANDARD_TASKS_QUERY }),
    findJobsPageJson({ db, workspaceId, query: STANDARD_JOBS_QUERY, parts: { tasksJson: jobTasksJsonSql, documentsJson: jobDocumentsJsonSql } }),
    findDocumentsPageJson(db, workspaceId, STANDARD_DOCUMENTS_QUERY),
  ]);
}

const RUNS = 5;

const elapsedSeconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * Measures both home paths now, for the caller's workspace: RUNS runs each, interleaved so both see the same
 * cache state, after one untimed warm-up of each. Times are mean wall seconds on the server (database included,
 * HTTP excluded); requests are database round trips per run. Twelve statements: callers go through
 * PerformanceStatsCache, which shares one measurement per workspace for a while.
 */
export async function measureHomePerformance(opts: { db: Db; actor: Actor; now: () => Date }): Promise<PerformanceStats> {
  const workspaceId = requireWorkspace(opts.actor);
  const { db, actor } = opts;
  await homepageJson(db, workspaceId, actor.userId);
  await runStandardHome(db, actor, workspaceId);
  let optimized = 0;
  let original = 0;
  for (let i = 0; i < RUNS; i++) {
    let start = process.hrtime.bigint();
    await homepageJson(db, workspaceId, actor.userId);
    optimized += elapsedSeconds(start);
    start = process.hrtime.bigint();
    await runStandardHome(db, actor, workspaceId);
    original += elapsedSeconds(start);
  }
  const opt = optimized / RUNS;
  const orig = original / RUNS;
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return {
    optimized: { time_seconds: round(opt, 6), requests: 1 },
    original: { time_seconds: round(orig, 6), requests: STANDARD_REQUESTS },
    improvement_percent: orig > 0 ? round(((orig - opt) / orig) * 100, 1) : 0,
    runs: RUNS,
    measured_at: opts.now().toISOString(),
  };
}
