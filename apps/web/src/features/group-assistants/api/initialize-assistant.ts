import { groupAssistantEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAssistantViews, storeRow } from './invalidate';

/** POST /api/group-assistants/:groupId/initialize: the stats row and configuration (not_started); then the list refreshes (spec 002 §7). */
export function useInitializeAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => callEndpoint(groupAssistantEndpoints.initialize, { params: { groupId } }),
    onSuccess: (row) => {
      storeRow(queryClient, row);
      return invalidateAssistantViews(queryClient);
    },
  });
}
