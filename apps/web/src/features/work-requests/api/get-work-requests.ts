import { workRequestEndpoints, type WorkRequestList, type WorkRequestStatus } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { workRequestKeys } from './keys';

/** GET /api/work-requests?status — the workspace's requests of one status, newest first (the first 100). */
export function getWorkRequests(status: WorkRequestStatus, signal?: AbortSignal): Promise<WorkRequestList> {
  return callEndpoint(workRequestEndpoints.list, { query: { status, limit: 100 }, signal });
}

export const useWorkRequests = (status: WorkRequestStatus) =>
  useQuery({ queryKey: workRequestKeys.list(status), queryFn: ({ signal }) => getWorkRequests(status, signal), placeholderData: keepPreviousData });
