import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  isWorking: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A confirmation before something that cannot be undone (deleting a contact, a document, a recording). */
export function ConfirmDialog({ opened, title, message, confirmLabel, isWorking, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="sm" centered zIndex={400}>
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isWorking}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={isWorking}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
