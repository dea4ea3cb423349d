import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hasTable, isoDate, isoTs, queryJsonText, queryRows } from '../../db/sql';

/**
 * Tables of later issues (documents, groups) are used once their migration has created them, generically
 * (to_jsonb of the row), so this code needs no change the day they appear. They must carry workspace_id
 * (documents) and name (groups), as design.md §4 describes them.
 */

export async function countsForWorkspace(db: Db, workspaceId: string) {
  const withDocuments = await hasTable(db, 'documents');
  const documents = withDocuments ? sql`(SELECT count(*) FROM documents d WHERE d.workspace_id = ${workspaceId})` : sql`0`;
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
          (${documents})::int AS "totalDocuments",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'pending'), 0)::int AS "pendingTasks",
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks'), 0)::int AS total_tasks,
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'completed'), 0)::int AS tasks_completed,
          coalesce(sum(c.count) FILTER (WHERE c.entity = 'tasks' AND c.status = 'in progress'), 0)::int AS tasks_in_progress
        FROM workspace_counts c WHERE c.workspace_id = ${workspaceId}`,
  );
  return row!;
}

/**
 * The 20 newest tasks of the workspace assigned to the caller (spec 001 §7: "tasks assigned to the user, newest
 * first, limit 20") for the stat view (DashboardTaskListSchema JSON text). Tasks are assigned to a phone number, so
 * "the user" is their profile phone in the stored 10-digit form; a user without one has no assigned tasks.
 */
export async function dashboardTasksJson(db: Db, workspaceId: string, assigneePhone: string | null): Promise<string> {
  if (!assigneePhone) return '{"tasks":[]}';
  const withGroups = await hasTable(db, 'groups');
  const groupJoin = withGroups ? sql`LEFT JOIN LATERAL (SELECT to_jsonb(g) ->> 'name' AS name FROM groups g WHERE g.id = t.group_id) g ON true` : sql``;
  const groupJson = withGroups ? sql`CASE WHEN g.name IS NULL THEN NULL ELSE json_build_object('name', g.name) END` : sql`NULL`;
  const body = await queryJsonText(
    db,
    sql`SELECT json_build_object('tasks', coalesce(json_agg(json_build_object(
          'id', t.id, 'title', coalesce(nullif(j.title, ''), nullif(j.client_name, ''), left(t.description, 80)),
          'description', t.description, 'status', t.status, 'priority', t.priority, 'assigned_to', t.assigned_to,
          'due_date', ${isoDate(sql`t.due_date`)}, 'job_id', t.job_id, 'group_id', t.group_id, 'groups', ${groupJson},
          'created_at', ${isoTs(sql`t.created_at`)}) ORDER BY t.created_at DESC NULLS LAST, t.id), '[]'::json))::text AS body
        FROM (SELECT * FROM tasks WHERE workspace_id = ${workspaceId} AND assigned_to = ${assigneePhone}
              ORDER BY created_at DESC NULLS LAST, id LIMIT 20) t
        JOIN jobs j ON j.id = t.job_id ${groupJoin}`,
  );
  return body ?? '{"tasks":[]}';
}

/** Recent documents (HomeDocumentSchema items), read generically until the documents feature defines the table. */
function recentDocumentsJson(withDocuments: boolean, workspaceId: string, limit: number): SQL {
  if (!withDocuments) return sql`'[]'::json`;
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'id', x.id, 'name', coalesce(x.d ->> 'name', x.d ->> 'file_name', 'Document'),
      'document_type', coalesce(x.d ->> 'document_type', x.d ->> 'type'), 'status', coalesce(x.d ->> 'status', 'unknown'),
      'file_size', CASE WHEN jsonb_typeof(x.d -> 'file_size') = 'number' THEN (x.d ->> 'file_size')::float8 END,
      'job_id', x.d ->> 'job_id', 'created_at', ${isoTs(sql`x.created_at`)}) ORDER BY x.created_at DESC NULLS LAST, x.id), '[]'::json)
    FROM (SELECT d.id, d.created_at, to_jsonb(d) AS d FROM documents d WHERE d.workspace_id = ${workspaceId}
          ORDER BY d.created_at DESC NULLS LAST, d.id LIMIT ${limit}) x)`;
}

/** The fast home: three lists of 10 in ONE statement (one round trip), each an index range scan. */
export function homepageQuery(workspaceId: string, withDocuments: boolean): SQL {
  return sql`SELECT json_build_object(
      'recentTasks', (SELECT coalesce(json_agg(json_build_object(
          'id', t.id, 'title', coalesce(nullif(j.title, ''), nullif(j.client_name, ''), left(t.description, 80)),
          'description', t.description, 'status', t.status, 'priority', t.priority, 'assigned_to', t.assigned_to,
          'due_date', ${isoDate(sql`t.due_date`)}, 'job_id', t.job_id, 'created_at', ${isoTs(sql`t.created_at`)})
          ORDER BY t.created_at DESC NULLS LAST, t.id), '[]'::json)
        FROM (SELECT id, job_id, description, status, priority, assigned_to, due_date, created_at FROM tasks
              WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC NULLS LAST, id LIMIT 10) t
        JOIN jobs j ON j.id = t.job_id),
      'recentDocuments', ${recentDocumentsJson(withDocuments, workspaceId, 10)},
      'activeJobs', (SELECT coalesce(json_agg(json_build_object(
          'id', j.id, 'client_name', j.client_name, 'property_address', j.property_address, 'title', j.title,
          'status', j.status, 'due_date', ${isoDate(sql`j.due_date`)}, 'created_at', ${isoTs(sql`j.created_at`)})
          ORDER BY j.due_date ASC NULLS LAST, j.created_at DESC NULLS LAST, j.id), '[]'::json)
        FROM (SELECT id, client_name, property_address, title, status, due_date, created_at FROM jobs
              WHERE workspace_id = ${workspaceId} AND status <> 'completed'
              ORDER BY due_date ASC NULLS LAST, created_at DESC NULLS LAST, id LIMIT 10) j)
    )::text AS body`;
}

export async function homepageJson(db: Db, workspaceId: string): Promise<string> {
  const withDocuments = await hasTable(db, 'documents');
  return (await queryJsonText(db, homepageQuery(workspaceId, withDocuments))) ?? '{"recentTasks":[],"recentDocuments":[],"activeJobs":[]}';
}
