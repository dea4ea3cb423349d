import { DashboardTaskListSchema, HomepageDataSchema } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryJsonText, queryRows, shapedJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { documentCountSql, recentDocumentsJsonSql } from '../documents';
import { activeJobsJsonSql, jobCountSql } from '../jobs';
import { recentTasksJsonSql, taskCountSql } from '../tasks';


/**
 * The workspace's counts: jobs' and tasks' from the trigger-maintained counts through their features' builders (no scan
 * of jobs or tasks), documents' from the documents feature's.
 */
export async function countsForWorkspace(db: Db, workspaceId: string) {
  const open = (c: SQL) => sql`${c} NOT IN ('completed', 'cancelled')`;
  const is = (status: string) => (c: SQL) => sql`${c} = ${sql.raw(`'${status}'`)}`;
  const [row] = await queryRows<{
    activeJobs: number;
    total_jobs: number;
    totalDocuments: number;
    pendingTasks: number;
    total_tasks: number;
    tasks_completed: number;
    tasks_in_progress: number;
  }>(
    db,
    sql`SELECT
          ${jobCountSql(workspaceId, open)}::int AS "activeJobs",
          ${jobCountSql(workspaceId)}::int AS total_jobs,
          ${documentCountSql(workspaceId)} AS "totalDocuments",
          ${taskCountSql(workspaceId, is('pending'))}::int AS "pendingTasks",
          ${taskCountSql(workspaceId)}::int AS total_tasks,
          ${taskCountSql(workspaceId, is('completed'))}::int AS tasks_completed,
          ${taskCountSql(workspaceId, is('in progress'))}::int AS tasks_in_progress`,
  );
  return row!;
}

/** The fast dashboard's tasks: the 20 newest assigned to the caller (see getDashboardTasks). */
export async function dashboardTasksJson(opts: { db: Db; workspaceId: string; userId: string; assigneePhone: string | null }): Promise<JsonText<typeof DashboardTaskListSchema>> {
  const empty = asJsonText(DashboardTaskListSchema, '{"tasks":[]}');
  if (!opts.assigneePhone) return empty;
  const tasks = recentTasksJsonSql({ workspaceId: opts.workspaceId, userId: opts.userId, limit: 20, assignedTo: opts.assigneePhone, withGroup: true });
  const body = await queryJsonText(opts.db, sql`SELECT json_build_object('tasks', ${tasks})::text AS body`);
  return body === null ? empty : asJsonText(DashboardTaskListSchema, body);
}

/**
 * The fast home: three lists of 10 in ONE statement (one round trip), composed of the tasks, documents and jobs
 * features' summary reads.
 */
export function homepageQuery(workspaceId: string, userId: string): SQL {
  return sql`SELECT json_build_object(
      'recentTasks', ${recentTasksJsonSql({ workspaceId, userId, limit: 10 })},
      'recentDocuments', ${recentDocumentsJsonSql({ workspaceId, limit: 10 })},
      'activeJobs', ${activeJobsJsonSql({ workspaceId, limit: 10 })}
    )::text AS body`;
}

/** The home's statement, its text made once (db/sql.ts): only the workspace and the caller change. */
const homepageStatement = shapedJsonText((_shape: 'home', v: { workspaceId: string; userId: string }) => homepageQuery(v.workspaceId, v.userId));

export async function homepageJson(db: Db, workspaceId: string, userId: string): Promise<JsonText<typeof HomepageDataSchema>> {
  const body = await homepageStatement(db, 'home', { workspaceId, userId });
  return asJsonText(HomepageDataSchema, body ?? '{"recentTasks":[],"recentDocuments":[],"activeJobs":[]}');
}
