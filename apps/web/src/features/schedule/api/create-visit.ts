import { scheduleEndpoints, type CreateVisitBody, type SavedVisit } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateScheduleViews } from './invalidate';

/** POST /api/visits — schedule a visit (workspace admins). */
export function createVisit(body: CreateVisitBody): Promise<SavedVisit> {
  return callEndpoint(scheduleEndpoints.create, { body });
}

export function useCreateVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVisit, onSuccess: () => invalidateScheduleViews(queryClient) });
}
