import { taskEndpoints, type CreateJobTaskBody, type CreateTaskBody, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { createForJobWrite, createWrite, newTempTaskId, OFFLINE_CREATE_MESSAGE, queuedTaskData } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { applyOfflineCreate, optimisticTask } from './offline-cache';
import { useQueueableMutate, type QueuedWrite } from './offline-queue';

/** POST /api/tasks (Create New Task dialog): empty assignee and due date are sent as null (spec 001 §5). */
export function createTask(body: CreateTaskBody): Promise<Task> {
  return callEndpoint(taskEndpoints.create, { body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: createTask, onSettled: () => invalidateTaskViews(queryClient) });
  // Offline (spec 001 §4): queued, and shown at once with a temporary id and status pending.
  const toQueue = useCallback(
    (body: CreateTaskBody): QueuedWrite => {
      const tempId = newTempTaskId();
      return {
        writes: [createWrite(tempId, body)],
        apply: () => applyOfflineCreate(queryClient, optimisticTask(queryClient, tempId, queuedTaskData(body))),
        message: OFFLINE_CREATE_MESSAGE,
      };
    },
    [queryClient],
  );
  const mutate = useQueueableMutate<CreateTaskBody, MutateOptions<Task, Error, CreateTaskBody>>(mutation.mutate, toQueue);
  return { ...mutation, mutate };
}

export type CreateJobTaskInput = { jobId: string; body: CreateJobTaskBody };

/** POST /api/jobs/:id/tasks (a job's Add Task); job_id is repeated in the body as the spec sends it. */
export function createJobTask({ jobId, body }: CreateJobTaskInput): Promise<Task> {
  return callEndpoint(taskEndpoints.createForJob, { params: { id: jobId }, body: { ...body, job_id: jobId } });
}

export function useCreateJobTask() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: createJobTask, onSettled: () => invalidateTaskViews(queryClient) });
  // Offline: queued like the board's create (lib/offline), shown on the boards with a temporary id.
  const toQueue = useCallback(
    ({ jobId, body }: CreateJobTaskInput): QueuedWrite => {
      const tempId = newTempTaskId();
      const data = {
        description: body.description,
        job_id: jobId,
        assigned_to: body.assigned_to || null,
        due_date: body.due_date || null,
        priority: body.priority ?? 'medium',
        group_id: body.group_id ?? null,
      };
      return {
        writes: [createForJobWrite(tempId, jobId, body)],
        apply: () => applyOfflineCreate(queryClient, optimisticTask(queryClient, tempId, data)),
        message: OFFLINE_CREATE_MESSAGE,
      };
    },
    [queryClient],
  );
  const mutate = useQueueableMutate<CreateJobTaskInput, MutateOptions<Task, Error, CreateJobTaskInput>>(mutation.mutate, toQueue);
  return { ...mutation, mutate };
}
