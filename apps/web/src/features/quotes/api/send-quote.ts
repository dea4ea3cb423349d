import { quoteEndpoints, type SentQuote } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { storeQuote } from './invalidate';

export type SendQuoteInput = { id: string; contactId: string; methods: ('sms' | 'email')[] };

/** POST /api/quotes/:id/send — the signed link to the client contact by SMS and/or email. */
export function sendQuote({ id, contactId, methods }: SendQuoteInput): Promise<SentQuote> {
  return callEndpoint(quoteEndpoints.send, { params: { id }, body: { contact_id: contactId, methods } });
}

export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendQuote, onSuccess: (sent) => storeQuote(queryClient, sent.quote) });
}
