import type { GroupAssistantRow } from '@fieldbook/contract';
import type { QueryClient } from '@tanstack/react-query';
import { groupAssistantKeys } from './keys';

/** After any assistant write: the list (status, counts, quality) and the examples pages are stale. */
export function invalidateAssistantViews(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: groupAssistantKeys.all });
}

/** Puts a row the server answered with into the cached list at once (the refetch then confirms it). */
export function storeRow(queryClient: QueryClient, row: GroupAssistantRow): void {
  queryClient.setQueryData<{ items: GroupAssistantRow[] }>(groupAssistantKeys.list(), (old) =>
    old ? { items: old.items.map((r) => (r.group.id === row.group.id ? row : r)) } : old,
  );
}
