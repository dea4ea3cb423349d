import { paymentEndpoints, type QuoteDepositPayments } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** GET /api/quotes/:id/deposit-payments — an approved quote's deposit paid online by the client, and its state. */
export function getQuoteDepositPayments(quoteId: string, signal?: AbortSignal): Promise<QuoteDepositPayments> {
  return callEndpoint(paymentEndpoints.forQuoteDeposit, { params: { id: quoteId }, signal });
}

export const useQuoteDepositPayments = (quoteId: string) =>
  useQuery({ queryKey: paymentKeys.quoteDeposit(quoteId), queryFn: ({ signal }) => getQuoteDepositPayments(quoteId, signal) });
