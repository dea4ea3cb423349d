import { workRequestEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateRequests } from './invalidate';

/** POST /api/work-requests/:id/decline. */
export function useDeclineWorkRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(workRequestEndpoints.decline, { params: { id } }),
    onSuccess: () => invalidateRequests(queryClient, id, false),
  });
}
