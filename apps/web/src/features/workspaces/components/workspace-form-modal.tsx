import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { WorkspaceBody, WorkspaceSummary } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';

export type WorkspaceFormTarget = { kind: 'create' } | { kind: 'edit'; workspace: WorkspaceSummary };

/** Create or edit a workspace (spec 002 §2): name required (toast 'Workspace name is required'), description. */
export function WorkspaceFormModal({
  target,
  onClose,
  onSubmit,
  isSaving,
}: {
  target: WorkspaceFormTarget | null;
  onClose: () => void;
  onSubmit: (body: WorkspaceBody) => void;
  isSaving: boolean;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.kind === 'edit' ? 'Edit Workspace' : 'Create Workspace'}>
      {target && <WorkspaceForm target={target} onClose={onClose} onSubmit={onSubmit} isSaving={isSaving} />}
    </Modal>
  );
}

function WorkspaceForm({ target, onClose, onSubmit, isSaving }: { target: WorkspaceFormTarget; onClose: () => void; onSubmit: (body: WorkspaceBody) => void; isSaving: boolean }) {
  const initial = target.kind === 'edit' ? target.workspace : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) {
          toast.error('Workspace name is required');
          return;
        }
        onSubmit({ name: name.trim(), description: description.trim() || null });
      }}
    >
      <Stack gap="md">
        <TextInput label="Name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} data-autofocus />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {target.kind === 'edit' ? 'Save Changes' : 'Create Workspace'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
