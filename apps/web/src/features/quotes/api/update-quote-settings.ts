import { quoteEndpoints, type QuoteSettings, type QuoteSettingsBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** PUT /api/quote-settings — the workspace's admins change the deposit step; the answer is the settings as saved. */
export function updateQuoteSettings(body: QuoteSettingsBody): Promise<QuoteSettings> {
  return callEndpoint(quoteEndpoints.updateSettings, { body });
}

export function useUpdateQuoteSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQuoteSettings, onSuccess: (saved) => queryClient.setQueryData(quoteKeys.settings(), saved) });
}
