import { groupAssistantEndpoints, type GroupAssistantRow } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { isRunning } from '../lib/assistant-status';
import { groupAssistantKeys } from './keys';

/** While a training job runs the server moves its status on its own: the list asks again this often. */
export const RUNNING_POLL_MS = 3000;

/** The list's refetch interval: every RUNNING_POLL_MS while any row's job runs, none otherwise. */
export function pollInterval(items: readonly GroupAssistantRow[] | undefined): number | false {
  return (items ?? []).some((r) => isRunning(r.stats?.creation_status)) ? RUNNING_POLL_MS : false;
}

export function groupAssistantsQueryOptions() {
  return queryOptions({
    queryKey: groupAssistantKeys.list(),
    queryFn: ({ signal }) => callEndpoint(groupAssistantEndpoints.list, { signal, timeoutMs: 15_000 }),
    refetchInterval: (query) => pollInterval(query.state.data?.items),
  });
}

/** GET /api/group-assistants: the workspace's groups by name, each with its assistant's stats (null: not initialized). */
export function useGroupAssistants() {
  return useQuery(groupAssistantsQueryOptions());
}
