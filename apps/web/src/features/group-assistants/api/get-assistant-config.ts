import { groupAssistantEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { groupAssistantKeys } from './keys';

/** GET /api/group-assistants/:groupId/config, while the dialog is open for that group. */
export function useAssistantConfig(groupId: string | null) {
  return useQuery({
    queryKey: groupAssistantKeys.config(groupId ?? ''),
    queryFn: ({ signal }) => callEndpoint(groupAssistantEndpoints.config, { params: { groupId: groupId! }, signal }),
    enabled: Boolean(groupId),
    // Each opening loads what is saved now (nothing kept from an earlier one), and a refetch never resets the form
    // someone is typing in.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
