import { workRequestEndpoints, type WorkRequestDetail } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { workRequestKeys } from './keys';

/** GET /api/work-requests/:id — one request with its photos' signed links (good for an hour). */
export function getWorkRequest(id: string, signal?: AbortSignal): Promise<WorkRequestDetail> {
  return callEndpoint(workRequestEndpoints.get, { params: { id }, signal });
}

export const useWorkRequest = (id: string | null) =>
  useQuery({ queryKey: workRequestKeys.detail(id ?? ''), queryFn: ({ signal }) => getWorkRequest(id!, signal), enabled: Boolean(id), staleTime: 5 * 60_000 });
