import { formatCents, ONLINE_PAYMENT_METHOD_LABELS, ONLINE_PAYMENT_STATUS_LABELS, OVERPAID_CREDIT, parseDollarsToCents, type OnlinePayment } from '@fieldbook/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidateAfter } from '../../../lib/query-roots';
import { useInvoiceOnlinePayments } from '../api/get-invoice-online-payments';
import { useRefundOnlinePayment } from '../api/refund-online-payment';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import { errorText } from './error-text';

const STATUS_COLOURS: Record<OnlinePayment['status'], string> = { pending: 'gray', processing: 'blue', succeeded: 'green', failed: 'red', expired: 'gray' };

function RefundForm({ payment, initialCents, onDone }: { payment: OnlinePayment; initialCents?: number; onDone: () => void }) {
  const left = payment.amount_cents - payment.refunded_cents;
  const [text, setText] = useState((Math.min(initialCents ?? left, left) / 100).toFixed(2));
  const refund = useRefundOnlinePayment();
  const cents = parseDollarsToCents(text);
  const wrong = cents === null || cents < 1 || cents > left;
  return (
    <Stack gap={6}>
      <TextInput label="Refund amount" leftSection="$" inputMode="decimal" value={text} onChange={(e) => setText(e.currentTarget.value)} error={wrong ? `Up to ${formatCents(left)}` : undefined} />
      <Group gap="xs">
        <Button size="xs" color="red" disabled={wrong} loading={refund.isPending} onClick={() => cents !== null && refund.mutate({ id: payment.id, amountCents: cents }, { onSuccess: onDone })}>
          Refund {formatCents(wrong ? left : cents)} through Stripe
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
      {refund.error ? (
        <Text size="xs" c="red" role="alert">
          {errorText(refund.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The contractor's view of an invoice's online payments (issue 33): each with how it was paid and its state — a bank
 * payment processing, failed (never counted as paid) or paid —, refunds through Stripe, and, when online payments are
 * off, why. `paymentIds`: the invoice's payment rows as shown; a deposit credited here that is not among them yet
 * makes the invoice stale.
 */
export function InvoiceOnlinePayments({ invoiceId, paymentIds }: { invoiceId: string; paymentIds: readonly string[] }) {
  const query = useInvoiceOnlinePayments(invoiceId);
  const settings = useUpdatePaymentSettings();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<string | null>(null);
  const [refundingCredit, setRefundingCredit] = useState(false);
  const data = query.data;
  const unseen = data?.payments.some((p) => p.invoice_payment_id !== null && !paymentIds.includes(p.invoice_payment_id)) ?? false;
  useEffect(() => {
    if (unseen) void invalidateAfter(queryClient, 'invoice');
  }, [unseen, queryClient]);
  if (!data) return null;
  // The credit is given back from the newest paid online payment that still has money left (Stripe refunds a payment).
  const creditFrom = data.payments.find((p) => p.status === 'succeeded' && p.amount_cents > p.refunded_cents) ?? null;
  return (
    <Stack gap={6} data-testid="online-payments">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          Online payments
        </Text>
        {data.enabled && (
          <Switch
            size="xs"
            label="Clients may pay part"
            checked={data.allow_partial_payments}
            disabled={!data.can_manage || settings.isPending}
            onChange={(e) => settings.mutate(e.currentTarget.checked)}
          />
        )}
      </Group>
      {!data.enabled && (
        <Text size="xs" c="dimmed">
          {data.reason}
        </Text>
      )}
      {settings.error ? (
        <Text size="xs" c="red" role="alert">
          {errorText(settings.error)}
        </Text>
      ) : null}
      {data.enabled && data.payments.length === 0 && (
        <Text size="xs" c="dimmed">
          None yet: the client&apos;s invoice link offers Pay (card or bank).
        </Text>
      )}
      {data.credit_cents > 0 && (
        <Alert color="orange" variant="light" p="xs" title={OVERPAID_CREDIT(formatCents(data.credit_cents))}>
          <Stack gap={6}>
            <Text size="xs">The client paid more than this invoice asks. The balance stays at $0.00; the excess is theirs to get back.</Text>
            {data.can_manage && creditFrom && !refundingCredit && (
              <Button size="xs" variant="light" color="orange" w="fit-content" onClick={() => setRefundingCredit(true)}>
                Refund the credit through Stripe
              </Button>
            )}
            {refundingCredit && creditFrom && <RefundForm payment={creditFrom} initialCents={data.credit_cents} onDone={() => setRefundingCredit(false)} />}
          </Stack>
        </Alert>
      )}
      {data.payments.some((p) => p.status === 'succeeded') && (
        <Text size="xs" c="dimmed">
          {data.can_manage
            ? 'Refund an online payment here, through Stripe: the invoice’s own Refund only records money you gave back by hand.'
            : 'A workspace admin refunds online payments, through Stripe.'}
        </Text>
      )}
      {data.payments.map((p) => (
        <Paper key={p.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {formatCents(p.amount_cents)} {p.purpose === 'deposit' ? 'deposit' : ''} {p.method ? `· ${ONLINE_PAYMENT_METHOD_LABELS[p.method]}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {new Date(p.paid_at ?? p.created_at).toLocaleString()}
                {p.refunded_cents > 0 ? ` · ${formatCents(p.refunded_cents)} refunded` : ''}
              </Text>
              {p.status === 'failed' && p.failure_message && (
                <Text size="xs" c="red">
                  {p.failure_message}
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              <Badge color={STATUS_COLOURS[p.status]} variant="light">
                {ONLINE_PAYMENT_STATUS_LABELS[p.status]}
              </Badge>
              {data.can_manage && p.status === 'succeeded' && p.refunded_cents < p.amount_cents && refunding !== p.id && (
                <Button size="xs" variant="default" onClick={() => setRefunding(p.id)}>
                  Refund
                </Button>
              )}
            </Group>
          </Group>
          {refunding === p.id && <RefundForm payment={p} onDone={() => setRefunding(null)} />}
        </Paper>
      ))}
    </Stack>
  );
}
