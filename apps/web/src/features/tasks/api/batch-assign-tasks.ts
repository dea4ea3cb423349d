import { BatchAssignResponseSchema, type BatchAssignBody, type BatchAssignResponse } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTaskViews } from './invalidate';

/** PUT /api/tasks/batch-assign — all or nothing on the server. */
export function batchAssignTasks(body: BatchAssignBody): Promise<BatchAssignResponse> {
  return apiRequest(BatchAssignResponseSchema, '/api/tasks/batch-assign', { method: 'PUT', body });
}

export function useBatchAssignTasks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: batchAssignTasks, onSettled: () => invalidateTaskViews(queryClient) });
}
