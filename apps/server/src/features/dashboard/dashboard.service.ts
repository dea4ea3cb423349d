import { digitsOnly, ListJobsQuerySchema, ListTasksQuerySchema, STANDARD_HOME_REQUESTS, type DashboardStats, type PerformanceStats } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import { findJobsPageJson } from '../jobs';
import { hasTable, queryRows } from '../../db/sql';
import { findTasksPageJson } from '../tasks';
import { countsForWorkspace, dashboardTasksJson, homepageJson } from './dashboard.repository';

export async function getDashboardStats(opts: { db: Db; actor: Actor }): Promise<DashboardStats> {
  return countsForWorkspace(opts.db, requireWorkspace(opts.actor));
}

/** A stored phone as tasks store assignees: 10 digits, a leading country code 1 dropped; null when it is not one. */
export function assigneeFormOfPhone(phone: string | null | undefined): string | null {
  let d = digitsOnly(phone ?? '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d.length === 10 ? d : null;
}

export async function getDashboardTasks(opts: { db: Db; actor: Actor }): Promise<string> {
  const workspaceId = requireWorkspace(opts.actor);
  const [profile] = await opts.db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.id, opts.actor.userId)).limit(1);
  return dashboardTasksJson(opts.db, workspaceId, assigneeFormOfPhone(profile?.phone));
}

export async function getHomepageData(opts: { db: Db; actor: Actor }): Promise<string> {
  return homepageJson(opts.db, requireWorkspace(opts.actor));
}

/**
 * The Standard home's reads, exactly what its requests run (STANDARD_HOME_REQUESTS, plus documents once they
 * exist), concurrently as the browser sends them. Returns how many statements it ran.
 */
const STANDARD_TASKS_QUERY = ListTasksQuerySchema.parse({ limit: 10 });
const STANDARD_JOBS_QUERY = ListJobsQuerySchema.parse({ exclude_status: 'completed', sort: 'due_date', limit: 10 });

async function runStandardHome(db: Db, actor: Actor, workspaceId: string): Promise<number> {
  const reads: Array<Promise<unknown>> = [
    findTasksPageJson({ db, workspaceId, userId: actor.userId, query: STANDARD_TASKS_QUERY }),
    findJobsPageJson({ db, workspaceId, query: STANDARD_JOBS_QUERY }),
  ];
  if (await hasTable(db, 'documents')) {
    reads.push(queryRows(db, sql`SELECT * FROM documents WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC LIMIT 10`));
  }
  await Promise.all(reads);
  return reads.length;
}

const RUNS = 5;

const elapsedSeconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * Measures both home paths now, for the caller's workspace: RUNS runs each, interleaved so both see the same
 * cache state, after one untimed warm-up of each. Times are mean wall seconds on the server (database included,
 * HTTP excluded); requests are database round trips per run.
 */
export async function measureHomePerformance(opts: { db: Db; actor: Actor; now: () => Date }): Promise<PerformanceStats> {
  const workspaceId = requireWorkspace(opts.actor);
  const { db, actor } = opts;
  await homepageJson(db, workspaceId);
  await runStandardHome(db, actor, workspaceId);
  let optimized = 0;
  let original = 0;
  let originalRequests: number = STANDARD_HOME_REQUESTS.length;
  for (let i = 0; i < RUNS; i++) {
    let start = process.hrtime.bigint();
    await homepageJson(db, workspaceId);
    optimized += elapsedSeconds(start);
    start = process.hrtime.bigint();
    originalRequests = await runStandardHome(db, actor, workspaceId);
    original += elapsedSeconds(start);
  }
  const opt = optimized / RUNS;
  const orig = original / RUNS;
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return {
    optimized: { time_seconds: round(opt, 6), requests: 1 },
    original: { time_seconds: round(orig, 6), requests: originalRequests },
    improvement_percent: orig > 0 ? round(((orig - opt) / orig) * 100, 1) : 0,
    runs: RUNS,
    measured_at: opts.now().toISOString(),
  };
}
