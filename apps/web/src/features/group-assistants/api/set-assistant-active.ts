import { groupAssistantEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAssistantViews, storeRow } from './invalidate';

/** PUT /api/group-assistants/:groupId/active: the activate/deactivate toggle (spec 002 §4 flips is_active). */
export function useSetAssistantActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, isActive }: { groupId: string; isActive: boolean }) => callEndpoint(groupAssistantEndpoints.setActive, { params: { groupId }, body: { is_active: isActive } }),
    onSuccess: (row) => {
      storeRow(queryClient, row);
      return invalidateAssistantViews(queryClient);
    },
  });
}
