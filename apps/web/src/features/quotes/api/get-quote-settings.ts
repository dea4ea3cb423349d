import { quoteEndpoints, type QuoteSettings } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { quoteKeys } from './keys';

/** GET /api/quote-settings — the workspace's deposit step on approval, and whether it applies now. */
export function getQuoteSettings(signal?: AbortSignal): Promise<QuoteSettings> {
  return callEndpoint(quoteEndpoints.settings, { signal });
}

export const useQuoteSettings = () => useQuery({ queryKey: quoteKeys.settings(), queryFn: ({ signal }) => getQuoteSettings(signal) });
