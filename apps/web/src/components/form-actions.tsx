import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type FormActionsProps = {
  submitLabel: string;
  isSaving: boolean;
  onCancel: () => void;
  /** Without it the button submits its form; with it, a click calls it (a dialog without a form). */
  onSubmit?: () => void;
  submitDisabled?: boolean;
  /** Cancel is disabled while saving (a dialog whose close would drop the answer). */
  lockCancel?: boolean;
  /** An action on the left, apart from the two (Delete, Unassign). */
  start?: ReactNode;
};

/** A dialog's closing row: Cancel, then the primary action, busy while it saves. */
export function FormActions({ submitLabel, isSaving, onCancel, onSubmit, submitDisabled, lockCancel, start }: FormActionsProps) {
  const buttons = (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={lockCancel && isSaving}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} disabled={submitDisabled} loading={isSaving}>
        {submitLabel}
      </Button>
    </Group>
  );
  if (start === undefined) return buttons;
  return (
    <Group justify="space-between" gap="sm">
      {start ?? <span />}
      {buttons}
    </Group>
  );
}
