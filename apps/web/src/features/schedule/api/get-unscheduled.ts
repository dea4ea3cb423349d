import { scheduleEndpoints, type UnscheduledTray } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/schedule/unscheduled — jobs without a visit to come and approved quotes waiting. */
export function getUnscheduled(signal?: AbortSignal): Promise<UnscheduledTray> {
  return callEndpoint(scheduleEndpoints.unscheduled, { signal });
}

export function useUnscheduled(enabled = true) {
  return useQuery({ queryKey: scheduleKeys.unscheduled(), queryFn: ({ signal }) => getUnscheduled(signal), enabled });
}
