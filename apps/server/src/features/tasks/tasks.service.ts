import { DUE_DATE_BEFORE_TODAY_MESSAGE, TASK_GROUP_NOT_ALLOWED_MESSAGE, BatchAssignResponseSchema, type ListTasksQuery, type TaskListSchema, type TaskPriority, type TaskSchema, type TaskStatus } from '@fieldbook/contract';
import { asJsonText, type JsonText } from '../../platform/json-text';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { assertJobInWorkspace } from '../jobs';
import { findTaskJson, findTasksJson, findTasksPageJson, insertTask, isUsableGroup, updateTaskRows } from './tasks.repository';

export const TASK_NOT_FOUND = 'Task not found';

export type CreateTaskInput = {
  description: string;
  job_id: string;
  assigned_to: string | null;
  due_date?: string | null | undefined;
  priority: TaskPriority;
  group_id?: string | null;
};

/**
 * "Today" for a due date: the earliest calendar date still current somewhere (UTC−12), so a user late in the day
 * west of UTC is never told their own today is in the past. Dates are 'YYYY-MM-DD' and compare as strings.
 */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

export async function findTasks(opts: { db: Db; actor: Actor; query: ListTasksQuery }): Promise<JsonText<typeof TaskListSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  return findTasksPageJson({ db: opts.db, workspaceId, userId: opts.actor.userId, query: opts.query });
}

export async function getTaskById(opts: { db: Db; actor: Actor; taskId: string }): Promise<JsonText<typeof TaskSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const body = await findTaskJson({ db: opts.db, workspaceId, userId: opts.actor.userId, taskId: opts.taskId });
  if (!body) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  return body;
}

async function assertUsableGroup(db: Db, actor: Actor, workspaceId: string, groupId: string): Promise<void> {
  if (!(await isUsableGroup(db, { workspaceId, userId: actor.userId, groupId }))) throw fieldError('group_id', TASK_GROUP_NOT_ALLOWED_MESSAGE);
}

/** Puts a task in a group of its workspace the caller belongs to, or in none (null). */
export async function setTaskGroup(opts: { db: Db; actor: Actor; taskId: string; groupId: string | null }): Promise<JsonText<typeof TaskSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  if (opts.groupId) await assertUsableGroup(opts.db, opts.actor, workspaceId, opts.groupId);
  const changed = await updateTaskRows({ db: opts.db, workspaceId, taskIds: [opts.taskId], set: { groupId: opts.groupId } });
  if (changed.length === 0) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  return getTaskById({ db: opts.db, actor: opts.actor, taskId: opts.taskId });
}

/** Creates a task on a job of the caller's workspace (another workspace's job answers 404). */
export async function createTask(opts: { db: Db; actor: Actor; now: Date; input: CreateTaskInput }): Promise<JsonText<typeof TaskSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const { db, input } = opts;
  if (input.due_date && input.due_date < earliestToday(opts.now)) throw fieldError('due_date', DUE_DATE_BEFORE_TODAY_MESSAGE);
  await assertJobInWorkspace({ db, workspaceId, jobId: input.job_id });
  if (input.group_id) await assertUsableGroup(db, opts.actor, workspaceId, input.group_id);
  const id = await insertTask(db, {
    workspaceId,
    jobId: input.job_id,
    createdBy: opts.actor.userId,
    description: input.description,
    assignedTo: input.assigned_to,
    priority: input.priority,
    dueDate: input.due_date ?? null,
    groupId: input.group_id ?? null,
  });
  return getTaskById({ db, actor: opts.actor, taskId: id });
}

export async function updateTaskStatus(opts: { db: Db; actor: Actor; taskId: string; status: TaskStatus }): Promise<JsonText<typeof TaskSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const changed = await updateTaskRows({ db: opts.db, workspaceId, taskIds: [opts.taskId], set: { status: opts.status } });
  if (changed.length === 0) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  return getTaskById(opts);
}

export async function assignTask(opts: { db: Db; actor: Actor; taskId: string; assignedTo: string | null }): Promise<JsonText<typeof TaskSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const changed = await updateTaskRows({ db: opts.db, workspaceId, taskIds: [opts.taskId], set: { assignedTo: opts.assignedTo } });
  if (changed.length === 0) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  return getTaskById(opts);
}

/**
 * All or nothing: inside one transaction, update every listed task of the caller's workspace; if any id is
 * missing or another workspace's, throw (rolling the updates back) and answer 404.
 */
export async function batchAssignTasks(opts: {
  db: Db;
  actor: Actor;
  taskIds: string[];
  assignedTo: string | null;
}): Promise<JsonText<typeof BatchAssignResponseSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const ids = [...new Set(opts.taskIds)];
  await opts.db.transaction(async (tx) => {
    const changed = await updateTaskRows({ db: tx as unknown as Db, workspaceId, taskIds: ids, set: { assignedTo: opts.assignedTo } });
    if (changed.length !== ids.length) throw new AppError('NOT_FOUND', TASK_NOT_FOUND);
  });
  const tasksJson = await findTasksJson({ db: opts.db, workspaceId, userId: opts.actor.userId, taskIds: ids });
  return asJsonText(BatchAssignResponseSchema, `{"success":true,"updated":${ids.length},"tasks":${tasksJson}}`);
}
