import { groupAssistantEndpoints, type EndpointBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAssistantViews } from './invalidate';
import { groupAssistantKeys } from './keys';

export type AssistantConfigForm = EndpointBody<typeof groupAssistantEndpoints.updateConfig>;

/** PUT /api/group-assistants/:groupId/config (the list shows the base model, so it refreshes too). */
export function useUpdateAssistantConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: AssistantConfigForm }) => callEndpoint(groupAssistantEndpoints.updateConfig, { params: { groupId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(groupAssistantKeys.config(saved.group_id), saved);
      return invalidateAssistantViews(queryClient);
    },
  });
}
