import { workRequestEndpoints } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { workRequestKeys } from './keys';

/** GET /api/work-request-link — the workspace's public Request work link and its snippet. */
export const useRequestLink = () => useQuery({ queryKey: workRequestKeys.link(), queryFn: ({ signal }) => callEndpoint(workRequestEndpoints.link, { signal }) });

/** POST /api/work-request-link/reset (admins): a new link; the old one stops working. */
export function useResetRequestLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(workRequestEndpoints.resetLink, {}),
    onSuccess: (link) => queryClient.setQueryData(workRequestKeys.link(), link),
  });
}
