import { scheduleEndpoints, type SavedVisit, type UpdateVisitBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateScheduleViews } from './invalidate';

export type UpdateVisitInput = { id: string; body: UpdateVisitBody };

/** PATCH /api/visits/:id — move, reassign or edit with the version the board had (409 on a stale one). */
export function updateVisit({ id, body }: UpdateVisitInput): Promise<SavedVisit> {
  return callEndpoint(scheduleEndpoints.update, { params: { id }, body });
}

/** The board's drop and the Move visit dialog both save through this. */
export function useUpdateVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVisit, onSuccess: () => invalidateScheduleViews(queryClient) });
}
