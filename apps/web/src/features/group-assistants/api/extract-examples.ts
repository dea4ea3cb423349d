import { groupAssistantEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAssistantViews } from './invalidate';

/** Reading every transcript and document of a group (through the LLM when one is configured) takes a while. */
const EXTRACT_TIMEOUT_MS = 180_000;

/**
 * POST /api/assistant/extract-examples with auto_approve true (spec 002 §7): examples drawn from the group's call
 * transcripts and documents; the answer's total_examples is the group's count afterwards.
 */
export function useExtractExamples() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, workspaceId }: { groupId: string; workspaceId: string }) =>
      callEndpoint(groupAssistantEndpoints.extract, { body: { group_id: groupId, workspace_id: workspaceId, auto_approve: true }, timeoutMs: EXTRACT_TIMEOUT_MS }),
    onSuccess: () => invalidateAssistantViews(queryClient),
  });
}
