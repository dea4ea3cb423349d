import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the assistant feature. The group lists live under the groups root: a group write refreshes them. */
export const assistantKeys = {
  all: ['assistant'] as const,
  init: (workspaceId: string) => [...assistantKeys.all, 'init', workspaceId] as const,
  groups: (workspaceId: string) => [...QUERY_ROOTS.groups, 'assistant-options', workspaceId] as const,
  group: (id: string) => [...QUERY_ROOTS.groups, 'assistant-group', id] as const,
};
