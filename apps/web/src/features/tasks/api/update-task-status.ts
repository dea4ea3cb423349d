import { TaskSchema, type Task, type TaskList, type TaskStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient, type InfiniteData, type MutateOptions, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { isTempTaskId, OFFLINE_QUEUED_MESSAGE, statusAction } from '../lib/offline-queue';
import { invalidateTaskViews } from './invalidate';
import { taskKeys } from './keys';
import { applyOfflineStatus } from './offline-cache';
import { afterQueued, isOffline, useOfflineQueue, type Queueable } from './offline-queue';

export type UpdateTaskStatusInput = { id: string; status: TaskStatus };

/**
 * PUT /api/tasks/:id/status. `sendAs: 'query'` sends ?status= instead of a body — the jobs dashboard's form
 * (spec 001 §7); the server accepts both.
 */
export function updateTaskStatus({ id, status }: UpdateTaskStatusInput, sendAs: 'body' | 'query' = 'body'): Promise<Task> {
  const path = `/api/tasks/${encodeURIComponent(id)}/status`;
  return sendAs === 'query'
    ? apiRequest(TaskSchema, path, { method: 'PUT', query: { status } })
    : apiRequest(TaskSchema, path, { method: 'PUT', body: { status } });
}

type BoardPages = InfiniteData<TaskList, number>;
type Snapshot = Array<[QueryKey, BoardPages | Task | undefined]>;

/** The board's cached pages with one task's status changed (the same pages when the task is not among them). */
export function withTaskStatus(data: BoardPages | undefined, id: string, status: TaskStatus): BoardPages | undefined {
  if (!data?.pages.some((page) => page.tasks.some((t) => t.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, tasks: page.tasks.map((t) => (t.id === id ? { ...t, status } : t)) })) };
}

/**
 * Changes a task's status; the cached board pages (every filter) and the task's detail show the new status at
 * once (a swipe must feel instant on a phone) and are restored if the server refuses. The refetch that follows
 * brings the server's answer, which also moves the task out of a board filtered by its old status.
 */
export function useUpdateTaskStatus({ sendAs = 'body' }: { sendAs?: 'body' | 'query' } = {}) {
  const queryClient = useQueryClient();
  const { enqueue, sync } = useOfflineQueue();
  const mutation = useMutation({
    mutationFn: (input: UpdateTaskStatusInput) => updateTaskStatus(input, sendAs),
    onMutate: async ({ id, status }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: taskKeys.all });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData<BoardPages>({ queryKey: taskKeys.boards() }),
        ...queryClient.getQueriesData<Task>({ queryKey: taskKeys.detail(id) }),
      ];
      queryClient.setQueriesData<BoardPages>({ queryKey: taskKeys.boards() }, (data) => withTaskStatus(data, id, status));
      queryClient.setQueryData<Task>(taskKeys.detail(id), (task) => (task ? { ...task, status } : task));
      return { snapshot };
    },
    onError: (_err, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateTaskViews(queryClient),
  });
  const { mutate: send } = mutation;
  // Offline (spec 001 §4), or a task created offline and not yet on the server: queued, shown at once.
  const mutate = useCallback(
    (input: UpdateTaskStatusInput, options?: Queueable<MutateOptions<Task, Error, UpdateTaskStatusInput, { snapshot: Snapshot }>>) => {
      if ((isOffline() || isTempTaskId(input.id)) && enqueue([statusAction(input.id, input.status)])) {
        applyOfflineStatus(queryClient, input.id, input.status);
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
