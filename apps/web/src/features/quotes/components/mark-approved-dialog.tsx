import { formatCents, MANUAL_APPROVAL_METHOD_LABELS, MANUAL_APPROVAL_METHODS, MarkQuoteApprovedBodySchema, type MarkQuoteApprovedBody, type Quote } from '@fieldbook/contract';
import { Alert, Button, Checkbox, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client';
import { contractValidate } from '../../../lib/contract-form';
import { useMarkQuoteApproved } from '../api/mark-quote-approved';
import { errorText } from './quote-errors';

type Method = (typeof MANUAL_APPROVAL_METHODS)[number];
type Values = { option: string; optionalIds: string[]; approvedBy: string; method: Method | ''; note: string };
const FIELDS = { option: 'option', optional_item_ids: 'optionalIds', approved_by: 'approvedBy', method: 'method', note: 'note' } as const;

const toBody = (v: Values): MarkQuoteApprovedBody => ({
  option: v.option === '' ? null : Number(v.option),
  optional_item_ids: v.optionalIds,
  approved_by: v.approvedBy,
  method: v.method as Method,
  note: v.note,
});
const validate = contractValidate(MarkQuoteApprovedBodySchema, toBody, FIELDS);

/**
 * Mark Approved (issue 32 item 9): the client approved outside the page — on the phone, on paper. The contractor records
 * the option, the optional lines the client added, who approved, how and a note; the server keeps it as an approval with
 * no signature and its signed PDF says so.
 */
function MarkApprovedForm({ quote, clientName, onDone }: { quote: Quote; clientName: string | null; onDone: () => void }) {
  const mark = useMarkQuoteApproved();
  const form = useForm<Values>({
    initialValues: { option: quote.options.length ? '0' : '', optionalIds: [], approvedBy: clientName ?? '', method: '', note: '' },
    validate,
  });
  const option = form.values.option === '' ? null : Number(form.values.option);
  const optional = quote.items.filter((i) => i.optional && (i.option === null || i.option === option));
  const submit = async (values: Values) => {
    // Lines of another option are not part of what is approved: only the ticks still shown are sent.
    const shown = new Set(optional.map((i) => i.id));
    const body = toBody({ ...values, optionalIds: values.optionalIds.filter((id) => shown.has(id)) });
    await mark.mutateAsync({ id: quote.id, body }).then(onDone, (err: unknown) => form.setErrors(fieldErrorsOf(err, FIELDS)));
  };
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack gap="sm">
        <Text size="sm">Record an approval the client gave outside the quote’s page. It is kept without a signature; the signed PDF says how it was approved.</Text>
        {quote.options.length > 0 && (
          <Radio.Group label="Option chosen" withAsterisk {...form.getInputProps('option')}>
            <Group gap="md" mt={4}>
              {quote.options.map((o, i) => (
                <Radio key={i} value={String(i)} label={`${o.name} (${formatCents(o.totals.total_cents)})`} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {optional.length > 0 && (
          <Checkbox.Group label="Optional items the client added" {...form.getInputProps('optionalIds')}>
            <Stack gap={4} mt={4}>
              {optional.map((i) => (
                <Checkbox key={i.id} value={i.id} label={`${i.name} (${formatCents(i.line_total_cents)})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <TextInput label="Approved by" withAsterisk placeholder="The client’s name" {...form.getInputProps('approvedBy')} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            How
          </Text>
          <SegmentedControl
            aria-label="How"
            value={form.values.method}
            onChange={(v) => form.setFieldValue('method', v as Method)}
            data={MANUAL_APPROVAL_METHODS.map((m) => ({ value: m, label: MANUAL_APPROVAL_METHOD_LABELS[m] }))}
            w="fit-content"
          />
          {form.errors.method && (
            <Text size="xs" c="red">
              {form.errors.method}
            </Text>
          )}
        </Stack>
        <Textarea label="Note" placeholder="e.g. Said yes on the phone on Tuesday" autosize minRows={2} {...form.getInputProps('note')} />
        {mark.error && !Object.keys(form.errors).length && <Alert color="red">{errorText(mark.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={mark.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mark.isPending}>
            Mark Approved
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Mark Approved button and its dialog, on a sent or viewed quote. */
export function MarkApprovedButton({ quote, clientName }: { quote: Quote; clientName: string | null }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" color="green" onClick={() => setOpened(true)} w="fit-content">
        Mark Approved
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Mark quote ${quote.number} approved`}>
        {opened && <MarkApprovedForm quote={quote} clientName={clientName} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
