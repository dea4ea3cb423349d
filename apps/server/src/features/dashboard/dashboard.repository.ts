import { DashboardTaskListSchema, HomepageDataSchema } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryJsonText, queryRows } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { documentCountSql, recentDocumentsJsonSql } from '../documents';
import { activeJobsJsonSql } from '../jobs';
import { recentTasksJsonSql } from '../tasks';


/** The workspace's counts, from the trigger-maintained workspace_counts (no scan of jobs or tasks). */
export async function countsForWorkspace(db: Db, workspaceId: string) {
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
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'jobs' AND c.status NOT IN ('completed', 'cancelled')), 0)::int AS "activeJobs",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'jobs'), 0)::int AS total_jobs,
          ${documentCountSql(workspaceId)} AS "totalDocuments",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'pending'), 0)::int AS "pendingTasks",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks'), 0)::int AS total_tasks,
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'completed'), 0)::int AS tasks_completed,
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'in progress'), 0)::int AS tasks_in_progress
        FROM workspace_counts c WHERE c.workspace_id = ${workspaceId}`,
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

export async function homepageJson(db: Db, workspaceId: string, userId: string): Promise<JsonText<typeof HomepageDataSchema>> {
  const body = await queryJsonText(db, homepageQuery(workspaceId, userId));
  return asJsonText(HomepageDataSchema, body ?? '{"recentTasks":[],"recentDocuments":[],"activeJobs":[]}');
}
