import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the workspaces feature. */
export const workspaceKeys = {
  all: QUERY_ROOTS.workspaces,
  mine: () => [...workspaceKeys.all, 'mine'] as const,
  lists: () => [...workspaceKeys.all, 'list'] as const,
  list: (q: string, deleted: boolean, page: number) => [...workspaceKeys.lists(), q, deleted, page] as const,
  users: (id: string) => [...workspaceKeys.all, 'users', id] as const,
  unassigned: () => [...workspaceKeys.all, 'unassigned'] as const,
};
