import { formatCents } from '@fieldbook/contract';
import { Text } from '@mantine/core';
import { useQuoteDepositPayments } from '../api/get-quote-deposit-payments';

/**
 * On the contractor's approved quote (issue 33): whether the client paid its deposit online — paid (how, when), a bank
 * payment processing, or a failed one. Until the quote's invoice is made (where the paid deposit is credited), this is
 * the only place the contractor sees it. Nothing while loading, when no deposit is due, or while none was paid online.
 */
export function QuoteDepositStatus({ quoteId }: { quoteId: string }) {
  const state = useQuoteDepositPayments(quoteId);
  const d = state.data;
  if (!d || d.status === 'none') return null;
  if (d.status === 'paid') {
    const paid = d.payments.find((p) => p.status === 'succeeded');
    const how = paid?.method === 'us_bank_account' ? ' by bank' : paid?.method === 'card' ? ' by card' : '';
    const refunded = paid && paid.refunded_cents > 0 ? ` (${formatCents(paid.refunded_cents)} refunded)` : '';
    return (
      <Text size="sm" fw={600} c="green.9">
        Deposit paid online{how}: {formatCents(paid?.amount_cents ?? d.deposit_cents)}
        {paid?.paid_at ? ` on ${new Date(paid.paid_at).toLocaleString()}` : ''}
        {refunded}. It is credited to the quote’s first invoice.
      </Text>
    );
  }
  if (d.status === 'processing') {
    return <Text size="sm">Deposit of {formatCents(d.deposit_cents)} processing: the client paid by bank, and it is not paid until the bank clears it (a few business days).</Text>;
  }
  if (d.last_failed) {
    return (
      <Text size="sm" c="red">
        The client’s bank payment of the deposit failed: nothing was paid. Their quote page offers Pay deposit again.
      </Text>
    );
  }
  // Not paid online (yet): nothing to add to "deposit due" — a workspace without online payments collects it by hand.
  return null;
}
