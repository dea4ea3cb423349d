import { scheduleEndpoints, type CancelVisitBody, type Visit } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateScheduleViews } from './invalidate';

/** POST /api/visits/:id/cancel — this visit, or a series from here or entirely (scope), with the version read. */
export function cancelVisit({ id, body }: { id: string; body: CancelVisitBody }): Promise<Visit> {
  return callEndpoint(scheduleEndpoints.cancel, { params: { id }, body });
}

export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVisit, onSettled: () => invalidateScheduleViews(queryClient) });
}
