import { groupAssistantEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { groupAssistantKeys } from './keys';

/** GET /api/group-assistants/:groupId/examples: the group's name and its examples, best first. */
export function useTrainingExamples(groupId: string) {
  return useQuery({
    queryKey: groupAssistantKeys.examples(groupId),
    queryFn: ({ signal }) => callEndpoint(groupAssistantEndpoints.examples, { params: { groupId }, signal, timeoutMs: 15_000 }),
  });
}
