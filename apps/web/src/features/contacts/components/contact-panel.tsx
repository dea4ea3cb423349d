import { Button, Drawer, Group, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type { Contact } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useCreateContact } from '../api/create-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useUpdateContact } from '../api/update-contact';
import { contactToForm, EMPTY_CONTACT_FORM, CONTACT_SERVER_FIELDS, formToContactBody, type ContactFormErrors } from '../lib/contact-form';
import { ContactHubPanel } from '../../client-hub';
import { ContactMessagesPanel } from '../../client-messages';
import { ContactForm } from './contact-form';
import { DeleteContactDialog } from './delete-contact-dialog';
import { ShareContactModal } from './share-contact-modal';
import { SharedContactView } from './shared-contact-view';

export type ContactPanelMode = { kind: 'create' } | { kind: 'edit'; contact: Contact };

function serverFieldErrors(err: unknown): ContactFormErrors {
  return fieldErrorsOf(err, CONTACT_SERVER_FIELDS);
}

/** The side panel (full screen on phones) that creates or edits a contact, and deletes it after confirmation. */
export function ContactPanel({ mode, onClose }: { mode: ContactPanelMode | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const create = useCreateContact();
  const update = useUpdateContact();
  const remove = useDeleteContact();
  const [serverErrors, setServerErrors] = useState<ContactFormErrors>({});
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isSharing, setSharing] = useState(false);

  const close = () => {
    setServerErrors({});
    setConfirmingDelete(false);
    setSharing(false);
    onClose();
  };
  const onFailure = (verb: string) => (err: Error) => {
    setServerErrors(serverFieldErrors(err));
    toast.error(`Failed to ${verb} contact: ${err.message}`);
  };

  const editing = mode?.kind === 'edit' ? mode.contact : null;
  const isShared = Boolean(editing?.shared_by);
  return (
    <Drawer
      opened={mode !== null}
      onClose={close}
      position="right"
      size={isPhone ? '100%' : 'md'}
      title={isShared ? 'Shared Contact' : editing ? 'Edit Contact' : 'New Contact'}
      padding="lg"
    >
      {editing && isShared && <SharedContactView contact={editing} onClose={close} />}
      {editing && !isShared && (
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {editing.shared_group_ids.length ? `Shared with ${editing.shared_group_ids.length} group(s)` : 'Not shared with any group'}
          </Text>
          <Button size="xs" variant="light" leftSection={<IconShare size={14} />} onClick={() => setSharing(true)}>
            Share with Groups
          </Button>
        </Group>
      )}
      {mode && !isShared && (
        <ContactForm
          // A different contact (or a fresh create) starts from its own values.
          key={editing ? `${editing.id}-${editing.updated_at}` : 'new'}
          initialValues={editing ? contactToForm(editing) : EMPTY_CONTACT_FORM}
          submitLabel={editing ? 'Save Changes' : 'Create Contact'}
          isSaving={create.isPending || update.isPending}
          serverErrors={serverErrors}
          onCancel={close}
          onDelete={editing ? () => setConfirmingDelete(true) : undefined}
          onSubmit={(values) => {
            setServerErrors({});
            const body = formToContactBody(values);
            if (editing) {
              update.mutate({ id: editing.id, body }, { onSuccess: () => (toast.success('Contact updated'), close()), onError: onFailure('update') });
            } else {
              create.mutate(body, { onSuccess: () => (toast.success('Contact created'), close()), onError: onFailure('create') });
            }
          }}
        />
      )}
      {editing && <ContactHubPanel contactId={editing.id} />}
      {editing && <ContactMessagesPanel contactId={editing.id} />}
      {editing && !isShared && <ShareContactModal contact={editing} opened={isSharing} onClose={() => setSharing(false)} />}
      {editing && !isShared && (
        <DeleteContactDialog
          opened={isConfirmingDelete}
          name={editing.name}
          isDeleting={remove.isPending}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() =>
            remove.mutate(editing.id, {
              onSuccess: () => (toast.success('Contact deleted'), close()),
              onError: (err) => toast.error(`Failed to delete contact: ${err.message}`),
            })
          }
        />
      )}
    </Drawer>
  );
}
