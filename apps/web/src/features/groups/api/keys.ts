import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the groups feature. */
export const groupKeys = {
  all: QUERY_ROOTS.groups,
  list: () => [...groupKeys.all, 'list'] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
  members: (id: string) => [...groupKeys.all, 'members', id] as const,
  invitation: (token: string) => [...groupKeys.all, 'invitation', token] as const,
};
