import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isoDate, isoTs } from '../../db/sql';
import { workspaceCountSql } from '../../platform/workspace-counts';
import { tasks } from './tasks.schema';

/**
 * What other features may read and write of tasks (the tasks feature owns the table: docs/ARCHITECTURE.md, table
 * ownership): documents' generation and sending, the demo seed.
 */

export type TaskRecord = typeof tasks.$inferSelect;
export type NewTaskRecord = typeof tasks.$inferInsert;

/** A job's tasks in creation order; with `taskIds`, only those of them. */
export function listJobTaskRecords(db: Db | Tx, opts: { jobId: string; taskIds?: readonly string[] }): Promise<TaskRecord[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.jobId, opts.jobId), opts.taskIds?.length ? inArray(tasks.id, [...opts.taskIds]) : undefined))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
}

/** A task of the workspace (its id and job), or null. */
export async function findTaskRef(db: Db | Tx, opts: { workspaceId: string; taskId: string }): Promise<{ id: string; jobId: string } | null> {
  const [task] = await db
    .select({ id: tasks.id, jobId: tasks.jobId })
    .from(tasks)
    .where(and(eq(tasks.id, opts.taskId), eq(tasks.workspaceId, opts.workspaceId)))
    .limit(1);
  return task ?? null;
}

/** Inserts tasks (the demo seed's). */
export async function insertTaskRecords(db: Db | Tx, rows: NewTaskRecord[]): Promise<void> {
  await db.insert(tasks).values(rows);
}

// ---- SQL builders for other features' statements -------------------------------------------------------------

/**
 * SQL expression: the job's tasks (JobTaskSchema[], creation order, one index range per job). Built as json_agg over
 * rows of named columns (kept in the subquery's order) rather than json_build_object per task, whose per-call,
 * per-argument type handling made the ~100 task objects of a jobs page two thirds of its statement (bench/README.md:
 * 2.7 → 1.8 ms for the page). The jobs page puts it in its own statement (app.ts hands it to the jobs feature).
 */
export function jobTasksJsonSql(job: { id: SQL; workspaceId: SQL }): SQL {
  return sql`(SELECT coalesce(json_agg(task), '[]'::json) FROM (
    SELECT t.id, t.job_id, t.description, t.assigned_to, t.status, t.priority, ${isoDate(sql`t.due_date`)} AS due_date,
      t.document_id, t.group_id, ${isoTs(sql`t.created_at`)} AS created_at, ${isoTs(sql`t.updated_at`)} AS updated_at
    FROM tasks t WHERE t.job_id = ${job.id} AND t.workspace_id = ${job.workspaceId} ORDER BY t.created_at, t.id) task)`;
}

/** SQL expression: the workspace's tasks, or those whose status passes `status`, from the trigger-kept counts. */
export function taskCountSql(workspaceId: string, status?: (status: SQL) => SQL): SQL {
  return workspaceCountSql({ workspaceId, entity: 'tasks', status });
}
