import { TaskSchema, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { assignAction, isTempTaskId, OFFLINE_QUEUED_MESSAGE } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { applyOfflineAssign } from './offline-cache';
import { afterQueued, isOffline, useOfflineQueue, type Queueable } from './offline-queue';

export type AssignTaskInput = { id: string; assigned_to: string | null };

/** PUT /api/tasks/:id/assign — assigned_to is a contact's phone, or null to unassign. */
export function assignTask({ id, assigned_to }: AssignTaskInput): Promise<Task> {
  return apiRequest(TaskSchema, `/api/tasks/${encodeURIComponent(id)}/assign`, { method: 'PUT', body: { assigned_to } });
}

export function useAssignTask() {
  const queryClient = useQueryClient();
  const { enqueue, sync } = useOfflineQueue();
  const mutation = useMutation({ mutationFn: assignTask, onSettled: () => invalidateTaskViews(queryClient) });
  const { mutate: send } = mutation;
  // Offline (spec 001 §4), or a task created offline and not yet on the server: queued, shown at once.
  const mutate = useCallback(
    (input: AssignTaskInput, options?: Queueable<MutateOptions<Task, Error, AssignTaskInput>>) => {
      if ((isOffline() || isTempTaskId(input.id)) && enqueue([assignAction(input.id, input.assigned_to)])) {
        applyOfflineAssign(queryClient, input.id, input.assigned_to || null);
        afterQueued(sync, OFFLINE_QUEUED_MESSAGE);
        options?.onQueued?.();
        return;
      }
      send(input, options);
    },
    [send, enqueue, sync, queryClient],
  );
  return { ...mutation, mutate };
}
