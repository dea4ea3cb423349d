import { workRequestEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateRequests } from './invalidate';

/** POST /api/work-requests/:id/convert — Create job (a repeat answers the same job). */
export function useConvertWorkRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(workRequestEndpoints.convert, { params: { id } }),
    onSuccess: () => invalidateRequests(queryClient, id, true),
  });
}
