import { workRequestEndpoints, type SubmitWorkRequestBody, type WorkRequestReceipt } from '@fieldbook/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { solveChallenge } from '../lib/proof-of-work';

/** What the public form sends, without the proof of work this adds. */
export type PublicRequestInput = Omit<SubmitWorkRequestBody, 'challenge' | 'nonce'>;

/**
 * Sends the public form: a challenge from the server (POST …/challenge), its nonce found here (about a second), then the
 * form with both (POST /api/public/work-requests/:token). A challenge is good once: each send asks for its own.
 */
export async function sendPublicRequest(token: string, input: PublicRequestInput, signal?: AbortSignal): Promise<WorkRequestReceipt> {
  const { challenge, difficulty } = await callEndpoint(workRequestEndpoints.publicChallenge, { params: { token }, signal });
  const nonce = await solveChallenge(challenge, difficulty, signal);
  return callEndpoint(workRequestEndpoints.publicSubmit, { params: { token }, body: { ...input, challenge, nonce }, signal });
}
