import { localDate, manualPaidCents, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PaymentBodySchema, runtimeTimeZone, type Invoice, type PaymentMethod } from '@fieldbook/contract';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useRecordPayment } from '../api/record-payment';
import { centsToDollars, dollarsToCents } from '../lib/invoice-form';
import { errorText } from './errors';

const FIELDS = ['method', 'amount_cents', 'received_on', 'check_number', 'note'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Record a payment received by hand (cash, check with its number, bank transfer, other) or a refund: amount, date and
 * a note. The server keeps a payment within the balance and a refund within what was paid.
 */
export function PaymentForm({ invoice, kind, onDone }: { invoice: Invoice; kind: 'payment' | 'refund'; onDone: () => void }) {
  const refund = kind === 'refund';
  const [method, setMethod] = useState<PaymentMethod>(refund ? 'bank_transfer' : 'check');
  // A refund by hand gives back money recorded by hand (money paid online goes back through Stripe).
  const [amount, setAmount] = useState(centsToDollars(refund ? Math.min(invoice.totals.paid_cents, manualPaidCents(invoice.payments)) : invoice.totals.balance_cents));
  const [date, setDate] = useState<string>(() => localDate(new Date(), runtimeTimeZone()));
  const [checkNumber, setCheckNumber] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const record = useRecordPayment(invoice.id);

  const submit = () => {
    const body = { kind, method, amount_cents: dollarsToCents(amount), received_on: date, check_number: method === 'check' ? checkNumber : '', note };
    const parsed = PaymentBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (FIELDS.includes(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(body, { onSuccess: onDone, onError: (err) => setErrors(fieldErrorsOf(err, FIELDS)) });
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{refund ? 'Record a refund' : 'Record a payment'}</Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label="Amount ($)" inputMode="decimal" value={amount} error={errors.amount_cents} onChange={(e) => setAmount(e.currentTarget.value)} w={130} />
          <NativeSelect label={refund ? 'Refunded by' : 'Paid by'} value={method} error={errors.method} onChange={(e) => setMethod(e.currentTarget.value as PaymentMethod)} data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} w={150} />
          <TextInput type="date" label="Date" value={date} error={errors.received_on} onChange={(e) => setDate(e.currentTarget.value)} w={160} />
          {method === 'check' && <TextInput label="Check number" value={checkNumber} error={errors.check_number} onChange={(e) => setCheckNumber(e.currentTarget.value)} w={140} />}
        </Group>
        <TextInput label="Note (optional)" value={note} error={errors.note} onChange={(e) => setNote(e.currentTarget.value)} />
        {record.error && !Object.keys(errors).length && (
          <Text size="sm" c="red" role="alert">
            {errorText(record.error)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={record.isPending} color={refund ? 'orange' : undefined}>
            {refund ? 'Save Refund' : 'Save Payment'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
