import { TaskSchema, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTaskViews } from './invalidate';

export type AssignTaskInput = { id: string; assigned_to: string | null };

/** PUT /api/tasks/:id/assign — assigned_to is a contact's phone, or null to unassign. */
export function assignTask({ id, assigned_to }: AssignTaskInput): Promise<Task> {
  return apiRequest(TaskSchema, `/api/tasks/${encodeURIComponent(id)}/assign`, { method: 'PUT', body: { assigned_to } });
}

export function useAssignTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignTask, onSettled: () => invalidateTaskViews(queryClient) });
}
