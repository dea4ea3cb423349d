import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';

export type NameDescription = { name: string; description: string | null };

type NameDescriptionModalProps = {
  opened: boolean;
  title: string;
  nameLabel: string;
  submitLabel: string;
  /** The values an edit starts from; null for a new record. */
  initial: { name: string; description: string | null } | null;
  /** Said when the trimmed name is empty: under the field ('field'), or by the caller (e.g. a toast) ('custom'). */
  requiredName: { message: string; show: 'field' } | { onMissing: () => void; show: 'custom' };
  onClose: () => void;
  /** Name trimmed; an empty description as null. */
  onSubmit: (values: NameDescription) => void;
  isSaving: boolean;
};

/** The name + description modal of the workspace and group screens (spec 002 §2); each opening starts afresh. */
export function NameDescriptionModal({ opened, title, onClose, ...form }: NameDescriptionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {opened && <NameDescriptionForm onClose={onClose} {...form} />}
    </Modal>
  );
}

function NameDescriptionForm({ nameLabel, submitLabel, initial, requiredName, onClose, onSubmit, isSaving }: Omit<NameDescriptionModalProps, 'opened' | 'title'>) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) {
          if (requiredName.show === 'field') setNameError(requiredName.message);
          else requiredName.onMissing();
          return;
        }
        onSubmit({ name: name.trim(), description: description.trim() || null });
      }}
    >
      <Stack gap="md">
        <TextInput label={nameLabel} withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} maxLength={200} data-autofocus />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
