import { TaskSchema, type Task, type TaskList, type TaskStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTaskViews } from './invalidate';
import { taskKeys } from './keys';

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

type Snapshot = Array<[readonly unknown[], TaskList | Task | undefined]>;

/**
 * Changes a task's status; cached task lists and the task's detail show the new status at once (a swipe must
 * feel instant on a phone) and are restored if the server refuses.
 */
export function useUpdateTaskStatus({ sendAs = 'body' }: { sendAs?: 'body' | 'query' } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTaskStatusInput) => updateTaskStatus(input, sendAs),
    onMutate: async ({ id, status }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: taskKeys.all });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData<TaskList>({ queryKey: taskKeys.lists() }),
        ...queryClient.getQueriesData<Task>({ queryKey: taskKeys.detail(id) }),
      ];
      queryClient.setQueriesData<TaskList>({ queryKey: taskKeys.lists() }, (list) =>
        list ? { ...list, tasks: list.tasks.map((t) => (t.id === id ? { ...t, status } : t)) } : list,
      );
      queryClient.setQueryData<Task>(taskKeys.detail(id), (task) => (task ? { ...task, status } : task));
      return { snapshot };
    },
    onError: (_err, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateTaskViews(queryClient),
  });
}
