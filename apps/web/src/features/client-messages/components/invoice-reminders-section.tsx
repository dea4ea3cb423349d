import type { InvoiceReminderSettings } from '@fieldbook/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { clientMessageKeys } from '../api/keys';

/** The invoices feature's own reminder editor, handed in by the settings screen (this feature cannot import invoices: a cycle through contacts). */
export type ReminderEditor = (onDone: () => void) => ReactNode;

/**
 * The invoices' overdue reminders on the Client messages page: what they are, and the invoices feature's own editor
 * (the one a job's Invoices panel opens) for admins — their home stays the invoices feature.
 */
export function InvoiceRemindersSection({ reminders, canEdit, editor }: { reminders: InvoiceReminderSettings; canEdit: boolean; editor?: ReminderEditor }) {
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const done = () => {
    setEditing(false);
    // The settings answer carries the reminders: read them again after their editor saved.
    void queryClient.invalidateQueries({ queryKey: clientMessageKeys.settings() });
  };
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Overdue invoice reminders">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Title order={4} fz={15}>
              Overdue invoice reminders
            </Title>
            <Text size="sm" c={reminders.enabled ? undefined : 'dimmed'}>
              {reminders.enabled
                ? `On: ${reminders.first_after_days} and ${reminders.second_after_days} days after the due date, by the text and email the invoice was sent by.`
                : 'Off: overdue invoices get no reminders.'}
            </Text>
          </Stack>
          {canEdit && editor && !isEditing && (
            <Button size="compact-sm" variant="light" onClick={() => setEditing(true)} style={{ flexShrink: 0 }}>
              Change
            </Button>
          )}
        </Group>
        {isEditing && editor?.(done)}
      </Stack>
    </Paper>
  );
}
