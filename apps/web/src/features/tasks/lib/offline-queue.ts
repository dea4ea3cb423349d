import { TaskPrioritySchema, TaskStatusSchema, type CreateTaskBody, type TaskStatus } from '@fieldbook/contract';
import { z } from 'zod';

/**
 * The Tasks page's offline queue (spec 001 §3 "Pending offline action", §4 "Offline"): task writes made while
 * the device has no network, kept in localStorage per signed-in user and replayed in order on reconnect with
 * the three task calls (spec 001 §7). Pure logic only: storage, adding, replay with an injected executor.
 */

/** Spec 001 §3 lists `pendingActions` among the local storage keys; one entry per signed-in user. */
export const PENDING_ACTIONS_KEY = 'pendingActions';
export const pendingActionsKey = (userId: string) => `${PENDING_ACTIONS_KEY}:${userId}`;

/** Notices (spec 001 §8, exact). */
export const OFFLINE_QUEUED_MESSAGE = 'You are currently offline. Changes will be saved when you reconnect';
export const OFFLINE_CREATE_MESSAGE = 'Task will be created when you reconnect';

/** "Sync Complete: 3 changes synced". */
export function syncCompleteMessage(count: number): string {
  return `Sync Complete: ${count} ${count === 1 ? 'change' : 'changes'} synced`;
}

/** A task created offline has this id until POST /api/tasks answers; it is never sent to the server. */
export const TEMP_TASK_ID_PREFIX = 'offline-';

export function isTempTaskId(id: string | null | undefined): boolean {
  return typeof id === 'string' && id.startsWith(TEMP_TASK_ID_PREFIX);
}

export function newTempTaskId(): string {
  const uuid =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
  return `${TEMP_TASK_ID_PREFIX}${uuid}`;
}

/** The POST /api/tasks body as stored (assignee and due date already null when empty). */
const QueuedTaskDataSchema = z.object({
  description: z.string().min(1),
  job_id: z.string().min(1),
  assigned_to: z.string().nullable(),
  due_date: z.string().nullable(),
  priority: TaskPrioritySchema,
});
export type QueuedTaskData = z.infer<typeof QueuedTaskDataSchema>;

const TaskIdSchema = z.string().min(1).max(200);
const TimestampSchema = z.number().finite();

/** Spec 001 §3: { type, taskId, newStatus, assignee, taskData, timestamp }; fields a type does not use are null. */
export const PendingActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('updateTaskStatus'), taskId: TaskIdSchema, newStatus: TaskStatusSchema, assignee: z.null(), taskData: z.null(), timestamp: TimestampSchema }),
  z.object({ type: z.literal('assignTask'), taskId: TaskIdSchema, newStatus: z.null(), assignee: z.string().nullable(), taskData: z.null(), timestamp: TimestampSchema }),
  // taskId: the temporary id the board shows, so later changes to that task can find it.
  z.object({
    type: z.literal('createTask'),
    taskId: TaskIdSchema.refine(isTempTaskId, 'a temporary id'),
    newStatus: z.null(),
    assignee: z.null(),
    taskData: QueuedTaskDataSchema,
    timestamp: TimestampSchema,
  }),
]);
export type PendingAction = z.infer<typeof PendingActionSchema>;

export function statusAction(taskId: string, newStatus: TaskStatus, timestamp = Date.now()): PendingAction {
  return { type: 'updateTaskStatus', taskId, newStatus, assignee: null, taskData: null, timestamp };
}

export function assignAction(taskId: string, assignee: string | null, timestamp = Date.now()): PendingAction {
  return { type: 'assignTask', taskId, newStatus: null, assignee: assignee || null, taskData: null, timestamp };
}

/** A batch assignment is queued as one assignTask per task (the replay uses the single-task call). */
export function batchAssignActions(taskIds: readonly string[], assignee: string | null, timestamp = Date.now()): PendingAction[] {
  return taskIds.map((id) => assignAction(id, assignee, timestamp));
}

export function createAction(tempId: string, body: CreateTaskBody, timestamp = Date.now()): PendingAction {
  return {
    type: 'createTask',
    taskId: tempId,
    newStatus: null,
    assignee: null,
    taskData: {
      description: body.description,
      job_id: body.job_id,
      assigned_to: body.assigned_to || null,
      due_date: body.due_date || null,
      priority: body.priority ?? 'medium',
    },
    timestamp,
  };
}

/** What the queue needs of localStorage (injectable for tests). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored queue; unreadable storage, bad JSON or malformed entries are dropped, never thrown. */
export function readQueue(storage: QueueStorage, userId: string): PendingAction[] {
  let raw: string | null;
  try {
    raw = storage.getItem(pendingActionsKey(userId));
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const result = PendingActionSchema.safeParse(entry);
    return result.success ? [result.data] : [];
  });
}

export function writeQueue(storage: QueueStorage, userId: string, items: readonly PendingAction[]): void {
  try {
    if (items.length === 0) storage.removeItem(pendingActionsKey(userId));
    else storage.setItem(pendingActionsKey(userId), JSON.stringify(items));
  } catch {
    // Storage full or unavailable: the in-memory change still shows; nothing else to do.
  }
}

export function addToQueue(storage: QueueStorage, userId: string, items: readonly PendingAction[]): PendingAction[] {
  const next = [...readQueue(storage, userId), ...items];
  writeQueue(storage, userId, next);
  return next;
}

/** An item with its task id resolved from a temporary id to the real one, when POST /api/tasks has answered. */
function resolveId(item: PendingAction, idMap: ReadonlyMap<string, string>): PendingAction {
  if (item.type === 'createTask') return item;
  const real = idMap.get(item.taskId);
  return real ? { ...item, taskId: real } : item;
}

/** One call: ok, and for createTask the real id the server gave. */
export type ReplayResult = { ok: true; createdId?: string } | { ok: false };
export type ReplayExecutor = (item: PendingAction) => Promise<ReplayResult>;

export type ReplayOutcome = {
  /** Items the server accepted. */
  synced: number;
  /** Items to keep for the next reconnect, in order: failures, and changes to a task whose creation failed. */
  kept: PendingAction[];
  /** Changes to a temporary task whose createTask is no longer queued: they can never be sent. */
  dropped: number;
  /** Temporary id → real id, for the tasks created by this replay. */
  idMap: Map<string, string>;
};

/**
 * Replays the queue in order, one call at a time. A failure (thrown or { ok: false }) is kept and the replay
 * goes on. A temporary id is never sent: a change to a task created offline is sent with the id POST returned;
 * if that creation failed the change stays queued behind it.
 */
export async function replayQueue(items: readonly PendingAction[], execute: ReplayExecutor): Promise<ReplayOutcome> {
  const idMap = new Map<string, string>();
  const kept: PendingAction[] = [];
  let synced = 0;
  let dropped = 0;
  for (const original of items) {
    const item = resolveId(original, idMap);
    if (item.type !== 'createTask' && isTempTaskId(item.taskId)) {
      const creationKept = kept.some((k) => k.type === 'createTask' && k.taskId === item.taskId);
      if (creationKept) kept.push(item);
      else dropped += 1;
      continue;
    }
    let result: ReplayResult;
    try {
      result = await execute(item);
    } catch {
      result = { ok: false };
    }
    if (!result.ok) {
      kept.push(item);
      continue;
    }
    synced += 1;
    if (item.type === 'createTask' && result.createdId) idMap.set(item.taskId, result.createdId);
  }
  return { synced, kept, dropped, idMap };
}

/**
 * The queue after a replay of its first `replayedCount` items: what was kept, then whatever was queued while
 * the replay ran (with ids of tasks the replay created resolved).
 */
export function queueAfterReplay(current: readonly PendingAction[], replayedCount: number, outcome: ReplayOutcome): PendingAction[] {
  return [...outcome.kept, ...current.slice(replayedCount).map((item) => resolveId(item, outcome.idMap))];
}
