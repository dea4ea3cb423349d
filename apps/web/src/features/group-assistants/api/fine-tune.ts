import { groupAssistantEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAssistantViews, storeRow } from './invalidate';

/**
 * POST /api/group-assistants/:groupId/fine-tune (202): the server starts the training job and answers with the row
 * in its first running state, so the list starts polling (get-group-assistants.ts). A 409 says why it cannot start.
 */
export function useFineTune() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => callEndpoint(groupAssistantEndpoints.fineTune, { params: { groupId }, timeoutMs: 30_000 }),
    onSuccess: (row) => {
      storeRow(queryClient, row);
      return invalidateAssistantViews(queryClient);
    },
  });
}
