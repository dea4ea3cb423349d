import { taskEndpoints, type BatchAssignBody, type BatchAssignResponse } from '@fieldbook/contract';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { batchAssignWrites, isTempTaskId, OFFLINE_QUEUED_MESSAGE } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { applyOfflineAssign } from './offline-cache';
import { useQueueableMutate, type QueuedWrite } from './offline-queue';

/** PUT /api/tasks/batch-assign — all or nothing on the server. */
export function batchAssignTasks(body: BatchAssignBody): Promise<BatchAssignResponse> {
  return callEndpoint(taskEndpoints.batchAssign, { body });
}

export function useBatchAssignTasks() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: batchAssignTasks, onSettled: () => invalidateTaskViews(queryClient) });
  // Queued (spec 001 §4: offline, or behind a waiting write to one of the tasks — useQueueableMutate; always when one
  // was created offline) as one assignTask per task, replayed with the single-task call.
  const toQueue = useCallback(
    (body: BatchAssignBody): QueuedWrite => {
      const assignee = body.assigned_to || null;
      return {
        writes: batchAssignWrites(body.task_ids, assignee),
        apply: () => body.task_ids.forEach((id) => applyOfflineAssign(queryClient, id, assignee)),
        message: OFFLINE_QUEUED_MESSAGE,
        force: body.task_ids.some(isTempTaskId),
      };
    },
    [queryClient],
  );
  const mutate = useQueueableMutate<BatchAssignBody, MutateOptions<BatchAssignResponse, Error, BatchAssignBody>>(mutation.mutate, toQueue);
  return { ...mutation, mutate };
}
