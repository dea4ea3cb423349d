import { GroupBodySchema, type Group, type GroupBody } from '@fieldbook/contract';
import { NameDescriptionModal } from '../../../components/name-description-modal';

export type GroupFormTarget = { kind: 'create' } | { kind: 'edit'; group: Group };

/** The group modal (spec 002 §2): 'Create Group' or 'Edit Group'; name required ('Group name is required'). */
export function GroupFormModal({ target, onClose, onSubmit, isSaving }: { target: GroupFormTarget | null; onClose: () => void; onSubmit: (body: GroupBody) => void; isSaving: boolean }) {
  const isEdit = target?.kind === 'edit';
  return (
    <NameDescriptionModal
      opened={target !== null}
      title={isEdit ? 'Edit Group' : 'Create Group'}
      nameLabel="Group name"
      submitLabel={isEdit ? 'Save Changes' : 'Create Group'}
      initial={target?.kind === 'edit' ? target.group : null}
      schema={GroupBodySchema}
      nameError={{ show: 'field' }}
      onClose={onClose}
      onSubmit={onSubmit}
      isSaving={isSaving}
    />
  );
}
