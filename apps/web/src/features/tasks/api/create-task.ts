import { TaskSchema, type CreateTaskBody, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTaskViews } from './invalidate';

/** POST /api/tasks (Create New Task dialog): empty assignee and due date are sent as null (spec 001 §5). */
export function createTask(body: CreateTaskBody): Promise<Task> {
  return apiRequest(TaskSchema, '/api/tasks', { method: 'POST', body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSettled: () => invalidateTaskViews(queryClient) });
}
