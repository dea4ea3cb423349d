import { TaskSchema, type CreateTaskBody, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { createAction, newTempTaskId, OFFLINE_CREATE_MESSAGE } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { applyOfflineCreate, optimisticTask } from './offline-cache';
import { afterQueued, isOffline, useOfflineQueue, type Queueable } from './offline-queue';

/** POST /api/tasks (Create New Task dialog): empty assignee and due date are sent as null (spec 001 §5). */
export function createTask(body: CreateTaskBody): Promise<Task> {
  return apiRequest(TaskSchema, '/api/tasks', { method: 'POST', body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  const { enqueue, sync } = useOfflineQueue();
  const mutation = useMutation({ mutationFn: createTask, onSettled: () => invalidateTaskViews(queryClient) });
  const { mutate: send } = mutation;
  // Offline (spec 001 §4): queued, and shown at once with a temporary id and status pending.
  const mutate = useCallback(
    (body: CreateTaskBody, options?: Queueable<MutateOptions<Task, Error, CreateTaskBody>>) => {
      const tempId = newTempTaskId();
      const action = createAction(tempId, body);
      if (isOffline() && action.type === 'createTask' && enqueue([action])) {
        applyOfflineCreate(queryClient, optimisticTask(queryClient, tempId, action.taskData));
        afterQueued(sync, OFFLINE_CREATE_MESSAGE);
        options?.onQueued?.();
        return;
      }
      send(body, options);
    },
    [send, enqueue, sync, queryClient],
  );
  return { ...mutation, mutate };
}
