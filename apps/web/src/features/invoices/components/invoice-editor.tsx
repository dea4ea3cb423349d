import { formatCents, PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type Invoice, type PaymentTerms } from '@fieldbook/contract';
import { ActionIcon, Button, Checkbox, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useCreateInvoice } from '../api/create-invoice';
import { useUpdateInvoice } from '../api/update-invoice';
import { draftFromInvoice, emptyInvoiceDraft, liveInvoiceTotals, newLine, toInvoiceBody, validateInvoiceDraft, type InvoiceDraft, type LineDraft } from '../lib/invoice-form';
import { errorText } from './errors';

const SERVER_FIELDS: Record<string, string> = { title: 'title', items: 'items', discount: 'discount', tax_rate_percent: 'taxRate', due_on: 'dueOn', payment_terms: 'terms', notes: 'notes' };

function LineRow({ line, index, errors, onChange, onRemove }: { line: LineDraft; index: number; errors: Record<string, string>; onChange: (l: LineDraft) => void; onRemove: () => void }) {
  const errorOf = (field: string) => errors[`items.${line.key}.${field}`];
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label={`Item ${index + 1}`} placeholder="Item name" value={line.name} error={errorOf('name')} onChange={(e) => onChange({ ...line, name: e.currentTarget.value })} style={{ flex: '2 1 12rem' }} />
          <TextInput label="Section" placeholder="e.g. Labour" value={line.section} onChange={(e) => onChange({ ...line, section: e.currentTarget.value })} style={{ flex: '1 1 7rem' }} />
        </Group>
        <TextInput placeholder="Description (optional)" aria-label={`Item ${index + 1} description`} value={line.description} onChange={(e) => onChange({ ...line, description: e.currentTarget.value })} />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label="Qty" inputMode="decimal" value={line.quantity} error={errorOf('quantity')} onChange={(e) => onChange({ ...line, quantity: e.currentTarget.value })} w={80} />
          <TextInput label="Unit" placeholder="h, ea" value={line.unit} onChange={(e) => onChange({ ...line, unit: e.currentTarget.value })} w={80} />
          <TextInput label="Unit price ($)" inputMode="decimal" value={line.price} error={errorOf('price')} onChange={(e) => onChange({ ...line, price: e.currentTarget.value })} w={120} />
          <Checkbox label="Taxable" checked={line.taxable} onChange={(e) => onChange({ ...line, taxable: e.currentTarget.checked })} mb={8} />
          <ActionIcon variant="subtle" color="red" size="lg" ml="auto" aria-label={`Remove item ${index + 1}`} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A draft invoice's form: title, lines, discount, tax, payment terms (a custom due date), notes, with the totals as
 * typed (the contract's money module; the saved totals are the server's). Only drafts are edited: a sent invoice is
 * voided and reissued instead.
 */
export function InvoiceEditor({ jobId, jobTitle, invoice, onSaved, onCancel }: { jobId: string; jobTitle: string; invoice: Invoice | null; onSaved: (saved: Invoice) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<InvoiceDraft>(() => (invoice ? draftFromInvoice(invoice) : emptyInvoiceDraft(jobTitle)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateInvoice(jobId);
  const update = useUpdateInvoice(invoice?.id ?? '');
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const set = (patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const totals = liveInvoiceTotals(draft);

  const save = () => {
    const found = validateInvoiceDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = toInvoiceBody(draft);
    const options = { onSuccess: onSaved, onError: (err: unknown) => setErrors(fieldErrorsOf(err, SERVER_FIELDS) as Record<string, string>) };
    if (invoice) update.mutate(body, options);
    else create.mutate(body, options);
  };

  return (
    <Stack gap="sm">
      <TextInput label="Title" value={draft.title} error={errors.title} onChange={(e) => set({ title: e.currentTarget.value })} />
      <Stack gap="xs">
        {draft.items.map((line, i) => (
          <LineRow
            key={line.key}
            line={line}
            index={i}
            errors={errors}
            onChange={(next) => set({ items: draft.items.map((l) => (l.key === line.key ? next : l)) })}
            onRemove={() => set({ items: draft.items.filter((l) => l.key !== line.key) })}
          />
        ))}
        {errors.items && (
          <Text size="sm" c="red">
            {errors.items}
          </Text>
        )}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => set({ items: [...draft.items, newLine()] })} w="fit-content">
          Add Item
        </Button>
      </Stack>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <SegmentedControl size="xs" value={draft.discountType} onChange={(v) => set({ discountType: v as 'amount' | 'percent' })} data={[{ value: 'amount', label: '$' }, { value: 'percent', label: '%' }]} aria-label="Discount type" mb={6} />
        <TextInput label={draft.discountType === 'amount' ? 'Discount ($)' : 'Discount (%)'} inputMode="decimal" value={draft.discount} error={errors.discount} onChange={(e) => set({ discount: e.currentTarget.value })} w={130} />
        <TextInput label="Tax rate (%)" inputMode="decimal" value={draft.taxRate} error={errors.taxRate} onChange={(e) => set({ taxRate: e.currentTarget.value })} w={110} />
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect label="Payment terms" value={draft.terms} onChange={(e) => set({ terms: e.currentTarget.value as PaymentTerms })} data={PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERMS_LABELS[t] }))} w={170} />
        {draft.terms === 'custom' && <TextInput type="date" label="Due date" value={draft.dueOn} error={errors.dueOn} onChange={(e) => set({ dueOn: e.currentTarget.value })} w={170} />}
      </Group>
      {draft.terms !== 'custom' && (
        <Text size="xs" c="dimmed">
          The due date is counted from the day you mark the invoice sent.
        </Text>
      )}
      <Textarea label="Notes" autosize minRows={2} value={draft.notes} error={errors.notes} onChange={(e) => set({ notes: e.currentTarget.value })} />
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal {formatCents(totals.subtotal_cents)}</Text>
        {totals.discount_cents > 0 && <Text size="sm">Discount −{formatCents(totals.discount_cents)}</Text>}
        {totals.tax_cents > 0 && <Text size="sm">Tax {formatCents(totals.tax_cents)}</Text>}
        <Text fw={700}>Total {formatCents(totals.total_cents)}</Text>
      </Stack>
      {failure !== null && (
        <Text size="sm" c="red" role="alert">
          {errorText(failure)}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving}>
          Save Draft
        </Button>
      </Group>
    </Stack>
  );
}
