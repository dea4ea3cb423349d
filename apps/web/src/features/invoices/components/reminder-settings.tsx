import { InvoiceReminderSettingsSchema, REMINDER_QUIET_HOURS, type InvoiceReminderSettings } from '@fieldbook/contract';
import { Alert, Button, Group, NumberInput, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useReminderSettings } from '../api/get-reminder-settings';
import { useUpdateReminderSettings } from '../api/update-reminder-settings';
import { errorText } from './errors';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The workspace's overdue reminders (issue 33): on or off, and how many days after the due date the first and the
 * second go. Only a workspace admin saves them (the server says so to anyone else).
 */
export function ReminderSettingsForm({ onDone }: { onDone: () => void }) {
  const settings = useReminderSettings();
  const save = useUpdateReminderSettings();
  const [values, setValues] = useState<InvoiceReminderSettings | null>(null);
  useEffect(() => {
    if (settings.data && values === null) setValues(settings.data);
  }, [settings.data, values]);
  if (settings.isError) return <Alert color="red">{errorText(settings.error)}</Alert>;
  if (!values) return <Skeleton height={120} />;
  const checked = InvoiceReminderSettingsSchema.safeParse(values);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Overdue invoices get at most two reminders, by the text message and email they were last sent by. Reminders go out only between {hour(REMINDER_QUIET_HOURS.from)} and{' '}
        {hour(REMINDER_QUIET_HOURS.until)} in the workspace’s time zone.
      </Text>
      <Switch label="Send overdue reminders" checked={values.enabled} onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })} />
      <Group grow gap="sm">
        <NumberInput label="First reminder (days after due)" min={1} max={90} value={values.first_after_days} onChange={(v) => setValues({ ...values, first_after_days: Number(v) || 0 })} disabled={!values.enabled} />
        <NumberInput label="Second reminder (days after due)" min={2} max={180} value={values.second_after_days} onChange={(v) => setValues({ ...values, second_after_days: Number(v) || 0 })} disabled={!values.enabled} />
      </Group>
      {problem && <Text size="sm" c="red">{problem}</Text>}
      {save.error && <Alert color="red">{errorText(save.error)}</Alert>}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button disabled={problem !== null} loading={save.isPending} onClick={() => save.mutate(values, { onSuccess: onDone })}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
