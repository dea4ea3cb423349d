import { ACH_FAILED_NOTICE, endpointPath, formatCents, parseDollarsToCents, paymentEndpoints } from '@fieldbook/contract';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiBaseUrl } from '../../../lib/api-base';
import { QUERY_ROOTS } from '../../../lib/query-roots';
import { usePublicInvoicePayment } from '../api/get-public-invoice-payment';
import { useStartInvoiceCheckout } from '../api/start-checkout';
import { errorText, returnedFromStripe } from './error-text';

/**
 * The client's Pay button on the invoice page (/i/:token): the balance (or, when the contractor allows it, a part of
 * it) paid on Stripe's page by card or US bank account; back here, a thank-you while Stripe confirms, and a bank
 * payment's processing or failure. Offered only while something is payable online; renders nothing otherwise.
 */
export function PayInvoice({ token }: { token: string }) {
  const returned = returnedFromStripe();
  const state = usePublicInvoicePayment(token, returned === 'done');
  const checkout = useStartInvoiceCheckout(token);
  const [amount, setAmount] = useState<string | null>(null);
  const s = state.data;
  // The page around this shows the invoice's own balance: once a payment lands (asked again after Stripe), it is stale.
  const queryClient = useQueryClient();
  const shownBalance = useRef<number | null>(null);
  useEffect(() => {
    if (s === undefined) return;
    if (shownBalance.current !== null && shownBalance.current !== s.balance_cents) void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.invoices });
    shownBalance.current = s.balance_cents;
  }, [s, queryClient]);
  if (!s) return null;
  const typed = amount === null ? s.payable_cents : parseDollarsToCents(amount);
  const cents = typed ?? 0;
  const wrongAmount = s.allow_partial && (typed === null || cents < 100 || cents > s.payable_cents);

  return (
    <Stack gap="xs" data-testid="pay-invoice">
      {returned === 'done' && s.balance_cents <= 0 && (
        <Alert color="green" title="Thank you — paid">
          Your payment was received. This page shows the invoice as paid from now on.
          {s.last_receipt && (
            <>
              {' '}
              <Anchor href={`${apiBaseUrl()}${endpointPath(paymentEndpoints.publicReceiptPdf.path, { token, paymentId: s.last_receipt.payment_id })}`} download inherit>
                Download your receipt (PDF)
              </Anchor>
              <Text size="xs" c="dimmed" mt={4}>
                A copy is on its way to your email.
              </Text>
            </>
          )}
        </Alert>
      )}
      {returned === 'done' && s.balance_cents > 0 && s.processing_cents === 0 && !s.last_failed && (
        <Alert color="blue" title="Thank you!">
          Your payment is being confirmed: this page shows it in a moment.
        </Alert>
      )}
      {s.processing_cents > 0 && (
        <Alert color="blue" title="Bank payment processing">
          {formatCents(s.processing_cents)} is on its way from your bank. Bank payments take a few business days to clear; it is not counted as paid until then.
        </Alert>
      )}
      {s.last_failed && s.processing_cents === 0 && s.balance_cents > 0 && (
        <Alert color="red" title="Payment failed">
          {ACH_FAILED_NOTICE}
        </Alert>
      )}
      {s.available && (
        <>
          {s.allow_partial && (
            <TextInput
              label="Amount to pay"
              inputMode="decimal"
              leftSection="$"
              value={amount ?? (s.payable_cents / 100).toFixed(2)}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={wrongAmount ? `Enter an amount from $1.00 to ${formatCents(s.payable_cents)}` : undefined}
            />
          )}
          <Group grow>
            <Button size="md" onClick={() => checkout.mutate(s.allow_partial && cents !== s.payable_cents ? { amount_cents: cents } : {})} loading={checkout.isPending || checkout.isSuccess} disabled={wrongAmount}>
              Pay {formatCents(wrongAmount ? s.payable_cents : cents)}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            By card or US bank account, on Stripe&apos;s secure page. Your card or bank details never reach us.
          </Text>
          {checkout.error ? (
            <Text size="sm" c="red" role="alert">
              {errorText(checkout.error)}
            </Text>
          ) : null}
        </>
      )}
      {!s.available && s.reason && s.processing_cents === 0 && (
        <Text size="sm" c="dimmed">
          {s.reason}
        </Text>
      )}
    </Stack>
  );
}
