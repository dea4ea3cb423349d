import { assistantEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { assistantKeys } from './keys';

/**
 * GET /api/assistant/init: a new conversation and the suggested questions. Kept for the session (every call makes a
 * conversation on the server); a chat that starts over removes it to get a fresh one.
 */
export function useAssistantInit(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: assistantKeys.init(workspaceId),
    queryFn: ({ signal }) => callEndpoint(assistantEndpoints.init, { query: { workspace_id: workspaceId }, signal }),
    enabled,
    staleTime: Infinity,
  });
}
