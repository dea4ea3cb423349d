import { assistantEndpoints, type EndpointBody } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

export type FeedbackBody = EndpointBody<typeof assistantEndpoints.feedback>;

/** POST /api/assistant/feedback: thumbs up (rating 5) or down (1) on one stored answer. */
export function useSendFeedback() {
  return useMutation({ mutationFn: (body: FeedbackBody) => callEndpoint(assistantEndpoints.feedback, { body }) });
}
