import { scheduleEndpoints, type Crew } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/crews — the board's rows and the dialogs' crew choices. */
export function getCrews(signal?: AbortSignal): Promise<{ crews: Crew[] }> {
  return callEndpoint(scheduleEndpoints.listCrews, { signal });
}

export function useCrews() {
  return useQuery({ queryKey: scheduleKeys.crews(), queryFn: ({ signal }) => getCrews(signal), staleTime: 60_000 });
}
