import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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
