import { sql, type SQL } from 'drizzle-orm';
import { taskTitleSql } from '../contacts';
import { groupNameJsonSql } from '../groups';
import { jobSummaryJoinSql } from '../jobs';
import { isoDate, isoTs, limitSql, planFreeId } from '../../db/sql';

/**
 * The tasks feature's summary read for the home and the fast dashboard: the workspace's newest tasks (optionally
 * only those assigned to one phone) as a JSON array expression, for the caller to put into its own statement — the
 * optimized home stays one round trip. Items are HomeTaskSchema; `withGroup` adds DashboardTaskSchema's group_id
 * and groups ({ name } of the task's group, by primary key for the at most `limit` rows; null without one). One
 * index range scan: (workspace_id, created_at DESC) or (workspace_id, assigned_to).
 */
export function recentTasksJsonSql(opts: { workspaceId: string; userId: string; limit: number; assignedTo?: string; withGroup?: boolean }): SQL {
  const title = taskTitleSql({ jobTitle: sql`jr.title`, clientName: sql`jr.client_name`, description: sql`t.description`, userId: opts.userId });
  const group = opts.withGroup ? sql`, 'group_id', t.group_id, 'groups', ${groupNameJsonSql(sql`t.group_id`)}` : sql``;
  const assigned = opts.assignedTo === undefined ? sql`` : sql`AND assigned_to = ${opts.assignedTo}`;
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'id', t.id, 'title', ${title}, 'description', t.description, 'status', t.status, 'priority', t.priority,
      'assigned_to', t.assigned_to, 'due_date', ${isoDate(sql`t.due_date`)}, 'job_id', t.job_id${group},
      'created_at', ${isoTs(sql`t.created_at`)}) ORDER BY t.created_at DESC NULLS LAST, t.id), '[]'::json)
    FROM (SELECT id, job_id, description, status, priority, assigned_to, due_date, group_id, created_at FROM tasks
          WHERE workspace_id = ${planFreeId(opts.workspaceId)} ${assigned} ORDER BY created_at DESC NULLS LAST, id ${limitSql(opts.limit)}) t
    ${jobSummaryJoinSql(sql`t.job_id`)})`;
}
