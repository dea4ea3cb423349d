import { formatCents, SCHEDULE_DUE_TRIGGER_LABELS, SCHEDULE_DUE_TRIGGERS, SCHEDULE_OVER_APPROVED, type ScheduleDueTrigger, type SchedulePartKind } from '@fieldbook/contract';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useRemovePaymentSchedule } from '../api/remove-payment-schedule';
import { useSavePaymentSchedule } from '../api/save-payment-schedule';
import { addPart, firstProblem, preview, toBody, type PartDraft } from '../lib/schedule-form';
import { errorText } from './errors';

const DUE_OPTIONS = SCHEDULE_DUE_TRIGGERS.map((t) => ({ value: t, label: SCHEDULE_DUE_TRIGGER_LABELS[t] }));
const MIDDLE_KINDS = [
  { value: 'percent', label: 'Percentage' },
  { value: 'amount', label: 'Fixed amount' },
];

type Props = {
  quote: { id: string; number: string; approved_cents: number; deposit_cents: number };
  initial: PartDraft[];
  initialOverApproved: boolean;
  /** The schedule exists already (it may be removed). */
  saved: boolean;
  onDone: () => void;
};

/**
 * Makes or changes a quote's payment schedule (workspace admins): the parts in order — the deposit the approval fixed,
 * progress parts as a percentage of the approved amount or a fixed amount, the final part taking what is left — each
 * with a name and when it is due. The amounts follow as they are typed (the server's split, quote-money.ts); a
 * schedule over the approved amount says so and is saved only with the box ticked. One column: fits a 390 px phone.
 */
export function PaymentScheduleEditor({ quote, initial, initialOverApproved, saved, onDone }: Props) {
  const [parts, setParts] = useState<PartDraft[]>(initial);
  const [over, setOver] = useState(initialOverApproved);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePaymentSchedule();
  const remove = useRemovePaymentSchedule();
  const split = preview(parts, quote.approved_cents, quote.deposit_cents);
  const change = (key: string, patch: Partial<PartDraft>) => {
    setProblem(null);
    setParts((cur) => cur.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  };
  const submit = () => {
    const found = firstProblem(parts, over);
    if (found) return setProblem(found);
    if (split.overCents > 0 && !over) return setProblem(SCHEDULE_OVER_APPROVED(split.totalCents, quote.approved_cents));
    save.mutate({ quoteId: quote.id, body: toBody(parts, over) }, { onSuccess: onDone });
  };
  const failure = problem ?? errorText(save.error ?? remove.error);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {quote.number} · approved {formatCents(quote.approved_cents)}. The parts always add up to it: the final payment is what the others leave.
      </Text>
      {parts.map((p, i) => (
        <Paper key={p.key} withBorder p="xs" radius="md" data-testid="schedule-part">
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput label={`Part ${i + 1} name`} value={p.name} onChange={(e) => change(p.key, { name: e.currentTarget.value })} style={{ flex: '1 1 160px' }} maxLength={80} />
              {p.kind === 'percent' || p.kind === 'amount' ? (
                <>
                  <Select
                    label="Kind"
                    data={MIDDLE_KINDS}
                    value={p.kind}
                    allowDeselect={false}
                    onChange={(v) => v && change(p.key, { kind: v as SchedulePartKind })}
                    w={140}
                    comboboxProps={{ withinPortal: false }}
                  />
                  {p.kind === 'percent' ? (
                    <TextInput label="Percent of approved" value={p.percent} onChange={(e) => change(p.key, { percent: e.currentTarget.value })} rightSection="%" inputMode="decimal" w={130} />
                  ) : (
                    <TextInput label="Amount" value={p.amount} onChange={(e) => change(p.key, { amount: e.currentTarget.value })} leftSection="$" inputMode="decimal" w={130} />
                  )}
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove part ${i + 1}`} onClick={() => setParts((cur) => cur.filter((x) => x.key !== p.key))} mb={4}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </>
              ) : null}
            </Group>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label="Due"
                data={DUE_OPTIONS}
                value={p.due_trigger}
                allowDeselect={false}
                onChange={(v) => v && change(p.key, { due_trigger: v as ScheduleDueTrigger })}
                w={180}
                comboboxProps={{ withinPortal: false }}
              />
              {p.due_trigger === 'on_date' && <TextInput label="Due date" type="date" value={p.due_on} onChange={(e) => change(p.key, { due_on: e.currentTarget.value })} w={170} />}
              <Text size="sm" ff="monospace" ml="auto" data-testid="schedule-part-amount">
                {p.kind === 'deposit' ? 'Deposit on approval · ' : p.kind === 'final' ? 'What is left · ' : ''}
                {formatCents(split.cents[i] ?? 0)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setParts(addPart)} disabled={parts.length >= 12}>
          Add part
        </Button>
        <Text size="sm" fw={600} ff="monospace">
          Total {formatCents(split.totalCents)}
        </Text>
      </Group>
      {split.overCents > 0 && (
        <Alert color="orange" variant="light" title={SCHEDULE_OVER_APPROVED(split.totalCents, quote.approved_cents)}>
          <Checkbox label={`Bill ${formatCents(split.overCents)} more than the approved amount`} checked={over} onChange={(e) => setOver(e.currentTarget.checked)} />
        </Alert>
      )}
      {failure && (
        <Text size="sm" c="red" role="alert" data-testid="schedule-error">
          {failure}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        {saved ? (
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(quote.id, { onSuccess: onDone })}>
            Remove schedule
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            Save schedule
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
