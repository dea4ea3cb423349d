import { BatchAssignResponseSchema, type BatchAssignBody, type BatchAssignResponse } from '@fieldbook/contract';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { batchAssignActions, isTempTaskId, OFFLINE_QUEUED_MESSAGE } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { applyOfflineAssign } from './offline-cache';
import { afterQueued, isOffline, useOfflineQueue, type Queueable } from './offline-queue';

/** PUT /api/tasks/batch-assign — all or nothing on the server. */
export function batchAssignTasks(body: BatchAssignBody): Promise<BatchAssignResponse> {
  return apiRequest(BatchAssignResponseSchema, '/api/tasks/batch-assign', { method: 'PUT', body });
}

export function useBatchAssignTasks() {
  const queryClient = useQueryClient();
  const { enqueue, sync } = useOfflineQueue();
  const mutation = useMutation({ mutationFn: batchAssignTasks, onSettled: () => invalidateTaskViews(queryClient) });
  const { mutate: send } = mutation;
  // Offline (spec 001 §4): one queued assignTask per task, replayed with the single-task call.
  const mutate = useCallback(
    (body: BatchAssignBody, options?: Queueable<MutateOptions<BatchAssignResponse, Error, BatchAssignBody>>) => {
      const assignee = body.assigned_to || null;
      if ((isOffline() || body.task_ids.some(isTempTaskId)) && enqueue(batchAssignActions(body.task_ids, assignee))) {
        for (const id of body.task_ids) applyOfflineAssign(queryClient, id, assignee);
        afterQueued(sync, OFFLINE_QUEUED_MESSAGE);
        options?.onQueued?.();
        return;
      }
      send(body, options);
    },
    [send, enqueue, sync, queryClient],
  );
  return { ...mutation, mutate };
}
