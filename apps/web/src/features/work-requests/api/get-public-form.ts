import { workRequestEndpoints, type PublicWorkRequestForm } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { workRequestKeys } from './keys';

/** GET /api/public/work-requests/:token — whose form it is (no session: the link is the permission). */
export function getPublicForm(token: string, signal?: AbortSignal): Promise<PublicWorkRequestForm> {
  return callEndpoint(workRequestEndpoints.publicForm, { params: { token }, signal });
}

/** Asked once: a refused link (reset, rate-limited) is shown, not retried. */
export const usePublicForm = (token: string) =>
  useQuery({ queryKey: workRequestKeys.publicForm(token), queryFn: ({ signal }) => getPublicForm(token, signal), retry: false, refetchOnWindowFocus: false });
