import { contactEndpoints, groupEndpoints, type Contact } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { QUERY_ROOTS } from '../../../lib/query-roots';
import { invalidateContactViews } from './invalidate';
import { contactKeys } from './keys';

/**
 * The groups a contact can be shared with: those the caller created or belongs to (GET /api/groups). Kept under the
 * groups root, so a group write refreshes it; asked for only while the share modal is open.
 */
export function useShareGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...QUERY_ROOTS.groups, 'share-options'],
    queryFn: ({ signal }) => callEndpoint(groupEndpoints.list, { signal }),
    enabled,
  });
}

/** PUT /api/contacts/:id/groups: the whole set of groups the contact is shared with. */
export function useShareContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, groupIds }: { id: string; groupIds: string[] }): Promise<Contact> => callEndpoint(contactEndpoints.share, { params: { id }, body: { group_ids: groupIds } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(contactKeys.detail(saved.id), saved);
      return invalidateContactViews(queryClient);
    },
  });
}
