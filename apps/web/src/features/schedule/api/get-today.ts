import { scheduleEndpoints, type Today } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/today — the signed-in person's visits of today, in order. */
export function getToday(signal?: AbortSignal): Promise<Today> {
  return callEndpoint(scheduleEndpoints.today, { signal });
}

export function useToday() {
  return useQuery({ queryKey: scheduleKeys.today(), queryFn: ({ signal }) => getToday(signal) });
}
