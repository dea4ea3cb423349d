import { TaskPrioritySchema, TaskStatusSchema } from '@fieldbook/contract';
import { z } from 'zod';
import type { NewWrite } from '../../../lib/offline/write-queue';
import { assignWrite, createWrite, isTempTaskId, statusWrite } from './offline-queue';

/**
 * The task queue before issue 26 kept its writes in localStorage under `pendingActions:<user id>` (spec 001 §3's
 * shape). Once, when that user's app opens, they move into the one offline queue (IndexedDB), in order; then the
 * key is removed. Entries that do not parse are dropped, as the old reader dropped them.
 */
const legacyKey = (userId: string) => `pendingActions:${userId}`;

const LegacyActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('updateTaskStatus'), taskId: z.string().min(1), newStatus: TaskStatusSchema }),
  z.object({ type: z.literal('assignTask'), taskId: z.string().min(1), assignee: z.string().nullable() }),
  z.object({
    type: z.literal('createTask'),
    taskId: z.string().refine(isTempTaskId),
    taskData: z.object({ description: z.string().min(1), job_id: z.string().min(1), assigned_to: z.string().nullable(), due_date: z.string().nullable(), priority: TaskPrioritySchema }),
  }),
]);

export function takeLegacyTaskWrites(userId: string, storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): NewWrite[] {
  let raw: string | null;
  try {
    raw = storage.getItem(legacyKey(userId));
  } catch {
    return [];
  }
  if (!raw) return [];
  storage.removeItem(legacyKey(userId));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry): NewWrite[] => {
    const action = LegacyActionSchema.safeParse(entry);
    if (!action.success) return [];
    const a = action.data;
    if (a.type === 'updateTaskStatus') return [statusWrite(a.taskId, a.newStatus)];
    if (a.type === 'assignTask') return [assignWrite(a.taskId, a.assignee)];
    return [createWrite(a.taskId, a.taskData)];
  });
}
