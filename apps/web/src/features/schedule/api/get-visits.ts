import { scheduleEndpoints, type VisitList } from '@fieldbook/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/visits?from&to — the board's visits of a range of local days. */
export function getVisits(query: { from: string; to: string }, signal?: AbortSignal): Promise<VisitList> {
  return callEndpoint(scheduleEndpoints.list, { query, signal });
}

export function visitsQueryOptions(query: { from: string; to: string }) {
  return queryOptions({ queryKey: scheduleKeys.range(query), queryFn: ({ signal }) => getVisits(query, signal), placeholderData: keepPreviousData });
}

export function useVisits(query: { from: string; to: string }) {
  return useQuery(visitsQueryOptions(query));
}
