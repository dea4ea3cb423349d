import { boardVisits, scheduleEndpoints, type BoardVisit, type VisitList } from '@fieldbook/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** The board's range as the views draw it: each visit with its job, crews and people (the answer names them once). */
export type BoardRange = Pick<VisitList, 'time_zone' | 'from' | 'to'> & { visits: BoardVisit[] };

/** GET /api/visits?from&to — the board's visits of a range of local days. */
export async function getVisits(query: { from: string; to: string }, signal?: AbortSignal): Promise<BoardRange> {
  const list = await callEndpoint(scheduleEndpoints.list, { query, signal });
  return { time_zone: list.time_zone, from: list.from, to: list.to, visits: boardVisits(list) };
}

export function visitsQueryOptions(query: { from: string; to: string }) {
  return queryOptions({ queryKey: scheduleKeys.range(query), queryFn: ({ signal }) => getVisits(query, signal), placeholderData: keepPreviousData });
}

export function useVisits(query: { from: string; to: string }) {
  return useQuery(visitsQueryOptions(query));
}
