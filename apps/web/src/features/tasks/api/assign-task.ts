import { taskEndpoints, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { assignWrite, isTempTaskId, OFFLINE_QUEUED_MESSAGE } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { applyOfflineAssign } from './offline-cache';
import { useQueueableMutate, type QueuedWrite } from './offline-queue';

export type AssignTaskInput = { id: string; assigned_to: string | null };

/** PUT /api/tasks/:id/assign — assigned_to is a contact's phone, or null to unassign. */
export function assignTask({ id, assigned_to }: AssignTaskInput): Promise<Task> {
  return callEndpoint(taskEndpoints.assign, { params: { id }, body: { assigned_to } });
}

export function useAssignTask() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: assignTask, onSettled: () => invalidateTaskViews(queryClient) });
  // Queued when offline (spec 001 §4) or behind a waiting write (useQueueableMutate), and always for a task created
  // offline and not yet on the server: shown at once.
  const toQueue = useCallback(
    (input: AssignTaskInput): QueuedWrite => ({
      writes: [assignWrite(input.id, input.assigned_to)],
      apply: () => applyOfflineAssign(queryClient, input.id, input.assigned_to || null),
      message: OFFLINE_QUEUED_MESSAGE,
      force: isTempTaskId(input.id),
    }),
    [queryClient],
  );
  const mutate = useQueueableMutate<AssignTaskInput, MutateOptions<Task, Error, AssignTaskInput>>(mutation.mutate, toQueue);
  return { ...mutation, mutate };
}
