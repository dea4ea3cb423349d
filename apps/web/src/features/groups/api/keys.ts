import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the groups feature. */
export const groupKeys = {
  all: QUERY_ROOTS.groups,
  list: () => [...groupKeys.all, 'list'] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
  members: (id: string) => [...groupKeys.all, 'members', id] as const,
  // Under the groups root: accepting one refreshes the list.
  myInvitations: () => [...groupKeys.all, 'my-invitations'] as const,
  // Not under the groups root: accepting refreshes the caller's groups, and must not refetch the used (now deleted)
  // invitation under the page that shows its outcome.
  invitation: (token: string) => ['invitation', token] as const,
  myInvitation: (id: string) => ['my-invitation', id] as const,
};
