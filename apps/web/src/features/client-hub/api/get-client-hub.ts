import { clientHubEndpoints, type ClientHubView } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { clientHubKeys } from './keys';

/** GET /api/public/hub/:token — the hub, or its code step; no session (the link, and this browser's cookie after a code). */
export function getClientHub(token: string, signal?: AbortSignal): Promise<ClientHubView> {
  return callEndpoint(clientHubEndpoints.publicView, { params: { token }, signal });
}

/** Asked once: a refused link (invalid, expired, turned off, rate-limited) is shown, not retried; no refetch on focus. */
export const useClientHub = (token: string) =>
  useQuery({ queryKey: clientHubKeys.public(token), queryFn: ({ signal }) => getClientHub(token, signal), retry: false, refetchOnWindowFocus: false });
