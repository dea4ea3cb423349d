import { Button, Group as Row, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { Group, GroupBody } from '@fieldbook/contract';
import { useState } from 'react';

export type GroupFormTarget = { kind: 'create' } | { kind: 'edit'; group: Group };

/** The group modal (spec 002 §2): 'Create Group' or 'Edit Group'; name required ('Group name is required'). */
export function GroupFormModal({ target, onClose, onSubmit, isSaving }: { target: GroupFormTarget | null; onClose: () => void; onSubmit: (body: GroupBody) => void; isSaving: boolean }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.kind === 'edit' ? 'Edit Group' : 'Create Group'}>
      {target && <GroupForm target={target} onClose={onClose} onSubmit={onSubmit} isSaving={isSaving} />}
    </Modal>
  );
}

function GroupForm({ target, onClose, onSubmit, isSaving }: { target: GroupFormTarget; onClose: () => void; onSubmit: (body: GroupBody) => void; isSaving: boolean }) {
  const initial = target.kind === 'edit' ? target.group : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) {
          setNameError('Group name is required');
          return;
        }
        onSubmit({ name: name.trim(), description: description.trim() || null });
      }}
    >
      <Stack gap="md">
        <TextInput label="Group name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} maxLength={200} data-autofocus />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
        <Row justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {target.kind === 'edit' ? 'Save Changes' : 'Create Group'}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
