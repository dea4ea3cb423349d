import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export const DELETE_CONTACT_CONFIRMATION = 'Are you sure you want to delete this contact? This action cannot be undone.';

type DeleteContactDialogProps = { opened: boolean; name: string; isDeleting: boolean; onCancel: () => void; onConfirm: () => void };

/** The delete confirmation (spec 001 §2, exact text). */
export function DeleteContactDialog({ opened, name, isDeleting, onCancel, onConfirm }: DeleteContactDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={`Delete ${name}?`} size="sm" zIndex={400}>
      <Stack gap="lg">
        <Text size="sm">{DELETE_CONTACT_CONFIRMATION}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isDeleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={isDeleting}>
            Delete Contact
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
