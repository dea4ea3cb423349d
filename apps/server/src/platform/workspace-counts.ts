import { sql, type SQL } from 'drizzle-orm';

/**
 * workspace_counts (db/schema/counts.ts) is the platform's: no feature writes it — statement-level triggers on jobs,
 * tasks and documents keep it exact (migration 0003_work_counts and later) — and each of those features reads only
 * its own entity's rows, through this builder (docs/ARCHITECTURE.md, table ownership).
 */
export type CountedEntity = 'jobs' | 'tasks' | 'documents';

/**
 * SQL expression: how many of the workspace's rows of `entity` there are, those whose status passes `status` (a
 * condition on the given status column) when given — a sum over the (workspace_id, entity, status) primary key, no
 * scan of the entity's own table. The entity is written into the text (a literal, as before: the planner sees it).
 */
export function workspaceCountSql(opts: { workspaceId: string; entity: CountedEntity; status?: (status: SQL) => SQL; alias?: string }): SQL {
  const c = sql.raw(opts.alias ?? 'c');
  const condition = opts.status ? sql` AND ${opts.status(sql`${c}.status`)}` : sql``;
  return sql`(SELECT coalesce(sum(${c}.count), 0) FROM workspace_counts ${c} WHERE ${c}.workspace_id = ${opts.workspaceId} AND ${c}.entity = ${sql.raw(`'${opts.entity}'`)}${condition})`;
}
