import { scheduleEndpoints, type SchedulePerson } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/schedule/people — the workspace's members, to put in crews and on visits (admins only). */
export async function getSchedulePeople(signal?: AbortSignal): Promise<SchedulePerson[]> {
  return (await callEndpoint(scheduleEndpoints.people, { signal })).people;
}

export function useSchedulePeople(enabled = true) {
  return useQuery({ queryKey: scheduleKeys.people(), queryFn: ({ signal }) => getSchedulePeople(signal), staleTime: 60_000, enabled });
}
