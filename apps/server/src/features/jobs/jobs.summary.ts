import { sql, type SQL } from 'drizzle-orm';
import { isoDate, isoTs, limitSql, planFreeId } from '../../db/sql';

/**
 * The jobs feature's summary read for the home: the workspace's open jobs by due date (undated last) as a JSON
 * array expression of HomeJobSchema items, for the caller's own statement. The same rows as the Standard mode's
 * GET /api/jobs?exclude_status=completed&sort=due_date.
 */
export function activeJobsJsonSql(opts: { workspaceId: string; limit: number }): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'id', j.id, 'client_name', j.client_name, 'property_address', j.property_address, 'title', j.title,
      'status', j.status, 'due_date', ${isoDate(sql`j.due_date`)}, 'created_at', ${isoTs(sql`j.created_at`)})
      ORDER BY j.due_date ASC NULLS LAST, j.created_at DESC NULLS LAST, j.id), '[]'::json)
    FROM (SELECT id, client_name, property_address, title, status, due_date, created_at FROM jobs
          WHERE workspace_id = ${planFreeId(opts.workspaceId)} AND status <> 'completed'
          ORDER BY due_date ASC NULLS LAST, created_at DESC NULLS LAST, id ${limitSql(opts.limit)}) j)`;
}
