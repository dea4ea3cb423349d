import { taskEndpoints, type Task, type TaskList, type TaskStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient, type InfiniteData, type MutateOptions, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { isTempTaskId, OFFLINE_QUEUED_MESSAGE, statusWrite } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { taskKeys } from './keys';
import { applyOfflineStatus, patchCachedTask } from './offline-cache';
import { useQueueableMutate, type QueuedWrite } from './offline-queue';

export type UpdateTaskStatusInput = { id: string; status: TaskStatus };

/**
 * PUT /api/tasks/:id/status. `sendAs: 'query'` sends ?status= instead of a body — the jobs dashboard's form
 * (spec 001 §7); the server accepts both.
 */
export function updateTaskStatus({ id, status }: UpdateTaskStatusInput, sendAs: 'body' | 'query' = 'body'): Promise<Task> {
  return sendAs === 'query'
    ? callEndpoint(taskEndpoints.updateStatus, { params: { id }, query: { status }, body: undefined })
    : callEndpoint(taskEndpoints.updateStatus, { params: { id }, body: { status } });
}

type Snapshot = Array<[QueryKey, InfiniteData<TaskList, number> | Task | undefined]>;

/**
 * Changes a task's status; the cached board pages (every filter) and the task's detail show the new status at
 * once (a swipe must feel instant on a phone) and are restored if the server refuses. The refetch that follows
 * brings the server's answer, which also moves the task out of a board filtered by its old status.
 */
export function useUpdateTaskStatus({ sendAs = 'body' }: { sendAs?: 'body' | 'query' } = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: UpdateTaskStatusInput) => updateTaskStatus(input, sendAs),
    onMutate: async ({ id, status }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: taskKeys.all });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData<InfiniteData<TaskList, number>>({ queryKey: taskKeys.boards() }),
        ...queryClient.getQueriesData<Task>({ queryKey: taskKeys.detail(id) }),
      ];
      patchCachedTask(queryClient, id, { status });
      return { snapshot };
    },
    onError: (_err, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateTaskViews(queryClient),
  });
  // Queued when offline (spec 001 §4) or behind a waiting write (useQueueableMutate), and always for a task created
  // offline and not yet on the server: shown at once.
  const toQueue = useCallback(
    (input: UpdateTaskStatusInput): QueuedWrite => ({
      writes: [statusWrite(input.id, input.status)],
      apply: () => applyOfflineStatus(queryClient, input.id, input.status),
      message: OFFLINE_QUEUED_MESSAGE,
      force: isTempTaskId(input.id),
    }),
    [queryClient],
  );
  const mutate = useQueueableMutate<UpdateTaskStatusInput, MutateOptions<Task, Error, UpdateTaskStatusInput, { snapshot: Snapshot }>>(mutation.mutate, toQueue);
  return { ...mutation, mutate };
}
