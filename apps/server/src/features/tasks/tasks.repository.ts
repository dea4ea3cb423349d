import { TaskListSchema, TaskSchema, type ListTasksQuery, type TaskStatus } from '@fieldbook/contract';
import { z } from 'zod';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks } from './tasks.schema';
import { isoDate, isoTs, likePattern, pageSql, planFreeId, queryJsonText, shapedJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { ownContactNameByPhoneKeySql, ownContactPhonesByNameSql, phoneKeySql } from '../contacts';
import { isUsableGroup as groupIsUsable } from '../groups';
import { jobIdsMatchingSql, jobSummaryJoinSql } from '../jobs';
import { taskCountSql } from './tasks.queries';

/** Several tasks in one JSON array (the batch-assign answer's `tasks`). */
export const TaskArraySchema = z.array(TaskSchema);

/**
 * The select list of a task with its job summary and the assignee's name from the caller's contacts (TaskSchema),
 * from aliases `t` (task), `jr` (the job summary row, the jobs feature's jobSummaryJoinSql) and `c` (the matched
 * contact, lateral, the contacts feature's lookup). Answers are json_agg / row_to_json over these rows, cheaper in PostgreSQL than one json_build_object
 * per task (200-task page 6.0 → 5.1 ms, bench/README.md); the nested `jr` record becomes the `job` object.
 */
const TASK_SELECT = sql`t.id, t.job_id, t.description, t.assigned_to, c.name AS assignee_name, t.status, t.priority,
  ${isoDate(sql`t.due_date`)} AS due_date, t.document_id, t.group_id,
  ${isoTs(sql`t.created_at`)} AS created_at, ${isoTs(sql`t.updated_at`)} AS updated_at, jr AS job`;

const JOB_SUMMARY = jobSummaryJoinSql(sql`t.job_id`);

/** The assignee's phone as a contact's key (spec 001 §5 matching, the contacts feature's rule): one index probe per task. */
const ASSIGNEE_DIGITS = phoneKeySql(sql`t.assigned_to`);

function assigneeJoin(userId: string): SQL {
  return sql`LEFT JOIN LATERAL (SELECT CASE WHEN t.assigned_to IS NOT NULL THEN ${ownContactNameByPhoneKeySql({ ownerId: userId, phoneKey: ASSIGNEE_DIGITS })} END AS name) c ON true`;
}

const TASK_COLUMNS = sql.raw(
  't.id, t.workspace_id, t.job_id, t.description, t.assigned_to, t.status, t.priority, t.due_date, t.document_id, t.group_id, t.created_at, t.updated_at',
);

function statusLiteral(status: TaskStatus): SQL {
  return sql.raw(`'${status.replace(/'/g, "''")}'`);
}

/**
 * Newest first, in exactly the order of the (workspace_id, created_at DESC NULLS LAST, id) index so the page is an
 * index range scan. NULLS LAST must be spelled out: drizzle's `.desc()` indexes are NULLS LAST, ORDER BY … DESC is
 * NULLS FIRST, and PostgreSQL will not use one for the other even on a NOT NULL column.
 */
const NEWEST_FIRST = sql`t.created_at DESC NULLS LAST, t.id`;

/** At most this many words of a text filter count (a filter, not a query language). */
const MAX_FILTER_WORDS = 8;

/**
 * The Tasks page's text filter (ListTasksQuerySchema `q`): every word, case-insensitively, in the description, the
 * job's client name, title or address, or the assignee's phone or name among the caller's contacts — what the board
 * shows for a task. The job and contact lookups are uncorrelated subqueries, so PostgreSQL runs each once per
 * statement (hashed) instead of once per task; the assignee is compared in the same normalised form the name lookup
 * uses (spec 001 §5: raw, digits only, +1).
 */
function textFilter(opts: { workspaceId: string; userId: string; text: string }): SQL[] {
  const words = opts.text.split(/\s+/).filter(Boolean).slice(0, MAX_FILTER_WORDS);
  return words.map((word) => {
    const pattern = likePattern(word);
    const digits = word.replace(/\D/g, '');
    return sql`(t.description ILIKE ${pattern}
      OR t.job_id IN (${jobIdsMatchingSql({ workspaceId: opts.workspaceId, pattern })})
      OR ${ASSIGNEE_DIGITS} IN (${ownContactPhonesByNameSql({ ownerId: opts.userId, pattern })})
      ${digits ? sql`OR ${ASSIGNEE_DIGITS} LIKE ${`%${digits}%`}` : sql``}
      OR (t.assigned_to IS NULL AND 'Unassigned' ILIKE ${pattern}))`;
  });
}

type TasksPageSql = { workspaceId: string; userId: string; status: TaskStatus | undefined; page: { limit: number; offset: number }; rowFilters: SQL[] };

/** One statement: a page of the workspace's tasks with jobs and assignee names, and the total (TaskListSchema JSON). */
function tasksPageSql({ workspaceId, userId, status, page: bounds, rowFilters }: TasksPageSql): SQL {
  const where: SQL[] = [sql`t.workspace_id = ${planFreeId(workspaceId)}`];
  if (status) where.push(sql`t.status = ${statusLiteral(status)}`);
  where.push(...rowFilters);
  const whereSql = sql.join(where, sql` AND `);
  // Only workspace/status filters are answered from the trigger-maintained counts; the others count their rows.
  const hasRowFilters = rowFilters.length > 0;
  const countsTotal = taskCountSql(workspaceId, status ? (c) => sql`${c} = ${statusLiteral(status)}` : undefined);
  // With row filters the total needs every match anyway, so the matches are found once (one scan) and both the
  // page and the count come from them. The text filter was two scans of the workspace's tasks (benchmark data,
  // 100k tasks: a word in no task 156 → 64 ms, two words 137–166 → 95–124 ms, "555" in 80k tasks 106–113 → 135 ms).
  const page = hasRowFilters
    ? sql`matched AS MATERIALIZED (SELECT t.id, t.created_at FROM tasks t WHERE ${whereSql}),
          page AS (
            SELECT ${TASK_COLUMNS} FROM tasks t
            JOIN (SELECT m.id FROM matched m ORDER BY m.created_at DESC NULLS LAST, m.id ${pageSql(bounds)}) m ON m.id = t.id)`
    : sql`page AS (SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${whereSql} ORDER BY ${NEWEST_FIRST} ${pageSql(bounds)})`;
  const total = hasRowFilters ? sql`(SELECT count(*) FROM matched)` : countsTotal;
  return sql`WITH ${page}
        SELECT json_build_object(
          'tasks', (SELECT coalesce(json_agg(task), '[]'::json) FROM (
                      SELECT ${TASK_SELECT} FROM page t ${JOB_SUMMARY} ${assigneeJoin(userId)}
                      ORDER BY ${NEWEST_FIRST}) task),
          'total', ${total}::int)::text AS body`;
}

/** The page without row filters (the Tasks page and the home as they open): its text made once per shape (db/sql.ts). */
const unfilteredTasksPage = shapedJsonText(
  (shape: { status: TaskStatus | null; limit: number; paged: boolean }, v: { workspaceId: string; userId: string; offset: number }) =>
    tasksPageSql({ workspaceId: v.workspaceId, userId: v.userId, status: shape.status ?? undefined, page: { limit: shape.limit, offset: shape.paged ? v.offset : 0 }, rowFilters: [] }),
);

/** One statement: a page of the workspace's tasks with jobs and assignee names, and the total (TaskListSchema JSON). */
export async function findTasksPageJson(opts: { db: Db; workspaceId: string; userId: string; query: ListTasksQuery }): Promise<JsonText<typeof TaskListSchema>> {
  const { db, workspaceId, userId, query } = opts;
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  const rowFilters: SQL[] = [];
  if (query.job_id) rowFilters.push(sql`t.job_id = ${query.job_id}`);
  if (query.group_id) rowFilters.push(sql`t.group_id = ${query.group_id}`);
  if (query.assigned_to === 'unassigned') rowFilters.push(sql`t.assigned_to IS NULL`);
  else if (query.assigned_to) rowFilters.push(sql`t.assigned_to = ${query.assigned_to}`);
  if (query.q) rowFilters.push(...textFilter({ workspaceId, userId, text: query.q }));
  const body =
    rowFilters.length === 0
      ? await unfilteredTasksPage(db, { status: status ?? null, limit: query.limit, paged: query.offset > 0 }, { workspaceId, userId, offset: query.offset })
      : await queryJsonText(db, tasksPageSql({ workspaceId, userId, status, page: query, rowFilters }));
  return asJsonText(TaskListSchema, body ?? '{"tasks":[],"total":0}');
}

/** Tasks of the workspace by id, as TaskSchema JSON texts in one array (newest first). */
export async function findTasksJson(opts: { db: Db; workspaceId: string; userId: string; taskIds: string[] }): Promise<JsonText<typeof TaskArraySchema>> {
  const body = await queryJsonText(
    opts.db,
    sql`SELECT coalesce(json_agg(task), '[]'::json)::text AS body FROM (
          SELECT ${TASK_SELECT} FROM tasks t ${JOB_SUMMARY} ${assigneeJoin(opts.userId)}
          WHERE t.workspace_id = ${opts.workspaceId} AND t.id = ANY(${sql.param(opts.taskIds)}::uuid[])
          ORDER BY ${NEWEST_FIRST}) task`,
  );
  return asJsonText(TaskArraySchema, body ?? '[]');
}

/** One task (TaskSchema JSON text) of the workspace, or null. */
export async function findTaskJson(opts: { db: Db; workspaceId: string; userId: string; taskId: string }): Promise<JsonText<typeof TaskSchema> | null> {
  const body = await queryJsonText(
    opts.db,
    sql`SELECT row_to_json(task)::text AS body FROM (
          SELECT ${TASK_SELECT} FROM tasks t ${JOB_SUMMARY} ${assigneeJoin(opts.userId)}
          WHERE t.id = ${opts.taskId} AND t.workspace_id = ${opts.workspaceId}) task`,
  );
  return body === null ? null : asJsonText(TaskSchema, body);
}

export type NewTask = typeof tasks.$inferInsert;

export async function insertTask(db: Db, values: NewTask): Promise<string> {
  const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
  return row!.id;
}

/** Whether the user may file a task of this workspace under this group (the groups feature decides). */
export function isUsableGroup(db: Db, opts: { workspaceId: string; userId: string; groupId: string }): Promise<boolean> {
  return groupIsUsable(db, opts);
}

/** Updates tasks of the workspace; returns the ids it changed. */
export async function updateTaskRows(opts: {
  db: Db;
  workspaceId: string;
  taskIds: string[];
  set: Partial<Pick<NewTask, 'status' | 'assignedTo' | 'groupId'>>;
}): Promise<string[]> {
  const rows = await opts.db
    .update(tasks)
    .set(opts.set)
    .where(and(eq(tasks.workspaceId, opts.workspaceId), inArray(tasks.id, opts.taskIds)))
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
}
