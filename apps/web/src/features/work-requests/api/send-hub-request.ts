import { workRequestEndpoints, type HubWorkRequestBody, type WorkRequestReceipt } from '@fieldbook/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * POST /api/public/hub/:token/work-requests — a request from the client hub: the hub's link (and this browser's
 * confirmed session for an older link, a cookie) says who sends it, so only what, where and when. No proof of work:
 * the link is the client's own.
 */
export function sendHubRequest(token: string, body: HubWorkRequestBody, signal?: AbortSignal): Promise<WorkRequestReceipt> {
  return callEndpoint(workRequestEndpoints.hubSubmit, { params: { token }, body, signal });
}
