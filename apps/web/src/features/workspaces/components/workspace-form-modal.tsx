import { WorkspaceBodySchema, type WorkspaceBody, type WorkspaceSummary } from '@fieldbook/contract';
import toast from 'react-hot-toast';
import { NameDescriptionModal } from '../../../components/name-description-modal';

export type WorkspaceFormTarget = { kind: 'create' } | { kind: 'edit'; workspace: WorkspaceSummary };

/** Create or edit a workspace (spec 002 §2): name required (toast 'Workspace name is required'), description. */
export function WorkspaceFormModal({ target, onClose, onSubmit, isSaving }: { target: WorkspaceFormTarget | null; onClose: () => void; onSubmit: (body: WorkspaceBody) => void; isSaving: boolean }) {
  const isEdit = target?.kind === 'edit';
  return (
    <NameDescriptionModal
      opened={target !== null}
      title={isEdit ? 'Edit Workspace' : 'Create Workspace'}
      nameLabel="Name"
      submitLabel={isEdit ? 'Save Changes' : 'Create Workspace'}
      initial={target?.kind === 'edit' ? target.workspace : null}
      schema={WorkspaceBodySchema}
      nameError={{ show: 'custom', onError: (message) => toast.error(message) }}
      onClose={onClose}
      onSubmit={onSubmit}
      isSaving={isSaving}
    />
  );
}
