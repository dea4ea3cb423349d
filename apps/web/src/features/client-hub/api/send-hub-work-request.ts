import { workRequestEndpoints, type HubWorkRequestBody, type WorkRequestReceipt } from '@fieldbook/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * POST /api/public/hub/:token/work-requests — Request work from the hub (the work-requests feature's endpoint): the
 * hub's link (and this browser's session cookie for an old link) names the contact, so only what, where and when.
 */
export function sendHubWorkRequest(token: string, body: HubWorkRequestBody): Promise<WorkRequestReceipt> {
  return callEndpoint(workRequestEndpoints.hubSubmit, { params: { token }, body });
}
