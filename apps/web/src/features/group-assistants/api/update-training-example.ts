import { groupAssistantEndpoints, type EndpointBody, type TrainingExampleListSchema } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAssistantViews } from './invalidate';
import { groupAssistantKeys } from './keys';

export type ExampleChange = EndpointBody<typeof groupAssistantEndpoints.updateExample>;

/** PATCH /api/group-assistants/:groupId/examples/:exampleId: edit, approve or reject (the list's counts change too). */
export function useUpdateTrainingExample(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exampleId, change }: { exampleId: string; change: ExampleChange }) =>
      callEndpoint(groupAssistantEndpoints.updateExample, { params: { groupId, exampleId }, body: change }),
    onSuccess: (saved) => {
      queryClient.setQueryData<z.infer<typeof TrainingExampleListSchema>>(groupAssistantKeys.examples(groupId), (old) =>
        old ? { ...old, items: old.items.map((e) => (e.id === saved.id ? saved : e)) } : old,
      );
      return invalidateAssistantViews(queryClient);
    },
  });
}
