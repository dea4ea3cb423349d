import { assistantEndpoints } from '@fieldbook/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** GET /api/assistant/conversations/:id (its owner only): the stored messages with their feedback and sources. */
export function getConversation(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return callEndpoint(assistantEndpoints.conversation, { params: { id }, signal });
}
