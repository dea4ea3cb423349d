import { ConfirmDialog } from '../../../components/confirm-dialog';

export const DELETE_CONTACT_CONFIRMATION = 'Are you sure you want to delete this contact? This action cannot be undone.';

type DeleteContactDialogProps = { opened: boolean; name: string; isDeleting: boolean; onCancel: () => void; onConfirm: () => void };

/** The delete confirmation (spec 001 §2, exact text). */
export function DeleteContactDialog({ opened, name, isDeleting, onCancel, onConfirm }: DeleteContactDialogProps) {
  return (
    <ConfirmDialog opened={opened} title={`Delete ${name}?`} message={DELETE_CONTACT_CONFIRMATION} confirmLabel="Delete Contact" isWorking={isDeleting} onCancel={onCancel} onConfirm={onConfirm} />
  );
}
