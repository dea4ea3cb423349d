import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm, type schemaResolver } from '@mantine/form';
import { useMemo } from 'react';
import { contractValidate } from '../lib/contract-form';
import { FormActions } from './form-actions';

export type NameDescription = { name: string; description: string | null };

type NameDescriptionModalProps = {
  opened: boolean;
  title: string;
  nameLabel: string;
  submitLabel: string;
  /** The values an edit starts from; null for a new record. */
  initial: { name: string; description: string | null } | null;
  /** The contract's request body schema (GroupBodySchema, WorkspaceBodySchema): its messages are the form's. */
  schema: Parameters<typeof schemaResolver>[0];
  /** Where the name's error is said: under the field, or by the caller (e.g. a toast) with the schema's message. */
  nameError: { show: 'field' } | { show: 'custom'; onError: (message: string) => void };
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

type Values = { name: string; description: string };
const toBody = (v: Values): NameDescription => ({ name: v.name.trim(), description: v.description.trim() || null });

function NameDescriptionForm({ nameLabel, submitLabel, initial, schema, nameError, onClose, onSubmit, isSaving }: Omit<NameDescriptionModalProps, 'opened' | 'title'>) {
  const validate = useMemo(() => contractValidate(schema, toBody, ['name', 'description'] as const), [schema]);
  const form = useForm<Values>({ initialValues: { name: initial?.name ?? '', description: initial?.description ?? '' }, validate });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => onSubmit(toBody(values)),
        (errors) => {
          // The caller says it (a toast), not the field.
          if (nameError.show === 'custom' && typeof errors.name === 'string') nameError.onError(errors.name);
        },
      )}
    >
      <Stack gap="md">
        <TextInput
          label={nameLabel}
          withAsterisk
          {...form.getInputProps('name')}
          error={nameError.show === 'field' ? form.errors.name : undefined}
          maxLength={200}
          data-autofocus
        />
        <Textarea label="Description" {...form.getInputProps('description')} autosize minRows={2} maxLength={2000} />
        <FormActions submitLabel={submitLabel} isSaving={isSaving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
