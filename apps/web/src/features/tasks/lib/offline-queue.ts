import type { CreateJobTaskBody, CreateTaskBody, TaskStatus } from '@fieldbook/contract';
import { endpointRequest, OFFLINE_QUEUED_MESSAGE, syncCompleteMessage } from '../../../lib/offline/offline-queue';
import { isTempId, newTempId, TEMP_ID_PREFIX, type NewWrite } from '../../../lib/offline/write-queue';

/**
 * The task writes of the app's one offline queue (lib/offline; spec 001 §4 "Offline", issue 26): status changes,
 * assignments (a batch as one per task) and new tasks made without a network are queued — in IndexedDB — and
 * replayed in order with the task calls of spec 001 §7, each with its own Idempotency-Key.
 */

/** Notices (spec 001 §8, exact). */
export { OFFLINE_QUEUED_MESSAGE, syncCompleteMessage };
export const OFFLINE_CREATE_MESSAGE = 'Task will be created when you reconnect';

/** A task created offline has this id until POST /api/tasks answers; it is never sent to the server. */
export const TEMP_TASK_ID_PREFIX = TEMP_ID_PREFIX;
export const isTempTaskId = (id: string | null | undefined): boolean => isTempId(id);
export const newTempTaskId = newTempId;

export function statusWrite(taskId: string, status: TaskStatus): NewWrite {
  return { label: `Task status: ${status}`, request: endpointRequest('tasks.updateStatus', { params: { id: taskId }, body: { status } }) };
}

export function assignWrite(taskId: string, assignee: string | null): NewWrite {
  return {
    label: assignee ? `Assign task to ${assignee}` : 'Unassign task',
    request: endpointRequest('tasks.assign', { params: { id: taskId }, body: { assigned_to: assignee || null } }),
  };
}

/** A batch assignment is queued as one assignment per task (the replay uses the single-task call). */
export function batchAssignWrites(taskIds: readonly string[], assignee: string | null): NewWrite[] {
  return taskIds.map((id) => assignWrite(id, assignee));
}

/** The POST /api/tasks body as queued: assignee and due date null when empty, priority medium by default. */
export function queuedTaskData(body: CreateTaskBody) {
  return {
    description: body.description,
    job_id: body.job_id,
    assigned_to: body.assigned_to || null,
    due_date: body.due_date || null,
    priority: body.priority ?? 'medium',
  };
}

export function createWrite(tempId: string, body: CreateTaskBody): NewWrite {
  const data = queuedTaskData(body);
  return { label: `New task: ${data.description}`, tempId, request: endpointRequest('tasks.create', { body: data }) };
}

/** A job's Add Task (POST /api/jobs/:id/tasks), queued the same way. */
export function createForJobWrite(tempId: string, jobId: string, body: CreateJobTaskBody): NewWrite {
  return { label: `New task: ${body.description}`, tempId, request: endpointRequest('tasks.createForJob', { params: { id: jobId }, body: { ...body, job_id: jobId } }) };
}
