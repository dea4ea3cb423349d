import { QUERY_ROOTS } from '../../../lib/query-roots';

/**
 * Query keys of the group assistants feature, all under one root: an assistant write (a status, a count, an
 * example) changes nothing other features cache, and everything here is refreshed together (invalidate.ts); a group
 * write elsewhere refreshes it too (STALE_AFTER.group).
 */
const root = QUERY_ROOTS.groupAssistants;
export const groupAssistantKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
  config: (groupId: string) => [...root, 'config', groupId] as const,
  examples: (groupId: string) => [...root, 'examples', groupId] as const,
};
