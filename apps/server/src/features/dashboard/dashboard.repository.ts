import { DashboardTaskListSchema, HomepageDataSchema } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import { taskTitleSql } from '../../db/client-name';
import type { Db } from '../../db/client';
import { isoDate, isoTs, queryJsonText, queryRows } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';

/**
 * Documents and groups do not exist yet: their counts and lists answer zero and empty, and the documents and
 * groups issues add them here with their tables (no probing for tables at run time).
 */

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
          0 AS "totalDocuments",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'pending'), 0)::int AS "pendingTasks",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks'), 0)::int AS total_tasks,
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'completed'), 0)::int AS tasks_completed,
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'in progress'), 0)::int AS tasks_in_progress
        FROM workspace_counts c WHERE c.workspace_id = ${workspaceId}`,
  );
  return row!;
}

const taskTitle = (userId: string) => taskTitleSql({ jobTitle: sql`j.title`, clientName: sql`j.client_name`, description: sql`t.description`, userId });

/**
 * The 20 newest tasks of the workspace assigned to the caller (spec 001 §7: "tasks assigned to the user, newest
 * first, limit 20") for the stat view. Tasks are assigned to a phone number, so "the user" is their profile phone in
 * the stored 10-digit form; a user without one has no assigned tasks.
 */
export async function dashboardTasksJson(opts: { db: Db; workspaceId: string; userId: string; assigneePhone: string | null }): Promise<JsonText<typeof DashboardTaskListSchema>> {
  const empty = asJsonText(DashboardTaskListSchema, '{"tasks":[]}');
  if (!opts.assigneePhone) return empty;
  const body = await queryJsonText(
    opts.db,
    sql`SELECT json_build_object('tasks', coalesce(json_agg(json_build_object(
          'id', t.id, 'title', ${taskTitle(opts.userId)},
          'description', t.description, 'status', t.status, 'priority', t.priority, 'assigned_to', t.assigned_to,
          'due_date', ${isoDate(sql`t.due_date`)}, 'job_id', t.job_id, 'group_id', t.group_id, 'groups', NULL,
          'created_at', ${isoTs(sql`t.created_at`)}) ORDER BY t.created_at DESC NULLS LAST, t.id), '[]'::json))::text AS body
        FROM (SELECT * FROM tasks WHERE workspace_id = ${opts.workspaceId} AND assigned_to = ${opts.assigneePhone}
              ORDER BY created_at DESC NULLS LAST, id LIMIT 20) t
        JOIN jobs j ON j.id = t.job_id`,
  );
  return body === null ? empty : asJsonText(DashboardTaskListSchema, body);
}

/** The fast home: three lists of 10 in ONE statement (one round trip), each an index range scan. */
export function homepageQuery(workspaceId: string, userId: string): SQL {
  return sql`SELECT json_build_object(
      'recentTasks', (SELECT coalesce(json_agg(json_build_object(
          'id', t.id, 'title', ${taskTitle(userId)},
          'description', t.description, 'status', t.status, 'priority', t.priority, 'assigned_to', t.assigned_to,
          'due_date', ${isoDate(sql`t.due_date`)}, 'job_id', t.job_id, 'created_at', ${isoTs(sql`t.created_at`)})
          ORDER BY t.created_at DESC NULLS LAST, t.id), '[]'::json)
        FROM (SELECT id, job_id, description, status, priority, assigned_to, due_date, created_at FROM tasks
              WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC NULLS LAST, id LIMIT 10) t
        JOIN jobs j ON j.id = t.job_id),
      'recentDocuments', '[]'::json,
      'activeJobs', (SELECT coalesce(json_agg(json_build_object(
          'id', j.id, 'client_name', j.client_name, 'property_address', j.property_address, 'title', j.title,
          'status', j.status, 'due_date', ${isoDate(sql`j.due_date`)}, 'created_at', ${isoTs(sql`j.created_at`)})
          ORDER BY j.due_date ASC NULLS LAST, j.created_at DESC NULLS LAST, j.id), '[]'::json)
        FROM (SELECT id, client_name, property_address, title, status, due_date, created_at FROM jobs
              WHERE workspace_id = ${workspaceId} AND status <> 'completed'
              ORDER BY due_date ASC NULLS LAST, created_at DESC NULLS LAST, id LIMIT 10) j)
    )::text AS body`;
}

export async function homepageJson(db: Db, workspaceId: string, userId: string): Promise<JsonText<typeof HomepageDataSchema>> {
  const body = await queryJsonText(db, homepageQuery(workspaceId, userId));
  return asJsonText(HomepageDataSchema, body ?? '{"recentTasks":[],"recentDocuments":[],"activeJobs":[]}');
}
