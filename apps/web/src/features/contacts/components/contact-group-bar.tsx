import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CreateContactGroupBodySchema, type Contact } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { contractValidate } from '../../../lib/contract-form';
import { errorReason } from '../../../lib/error-reason';
import { useContactGroups, useCreateContactGroup } from '../api/contact-groups';
import { withGroupSelected } from '../lib/selection';

/** The server's check of a new contact group (CreateContactGroupBodySchema: 'Group name is required', at most 100). */
const validateGroup = contractValidate(CreateContactGroupBodySchema, (b: { name: string; contact_ids: string[] }) => b, ['name', 'contact_ids'] as const);

export type ContactGroupBarProps = {
  /** Selected contact ids (the picker's). */
  value: string[];
  /** The new selection, with the contacts a group added (the picker's list may not have loaded them). */
  onChange: (ids: string[], added: Contact[]) => void;
  maxSelection?: number;
  /** Contacts not to add (as the list beside it leaves them out). */
  exclude?: (contact: Contact) => boolean;
};

/**
 * Above a contact picker: the caller's contact groups — a click adds a group's contacts to the selection — and
 * 'New contact group', which names the current selection (spec 001 §2: the picker "can create a new contact group").
 */
export function ContactGroupBar({ value, onChange, maxSelection, exclude }: ContactGroupBarProps) {
  const groups = useContactGroups();
  const create = useCreateContactGroup();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = groups.data?.contact_groups ?? [];

  const pick = (contacts: Contact[]) => {
    const offered = exclude ? contacts.filter((c) => !exclude(c)) : contacts;
    onChange(
      withGroupSelected(
        value,
        offered.map((c) => c.id),
        maxSelection,
      ),
      offered,
    );
  };
  const save = () => {
    const trimmed = (name ?? '').trim();
    const problem = validateGroup({ name: trimmed, contact_ids: value });
    if (problem.name ?? problem.contact_ids) return setError(problem.name ?? problem.contact_ids ?? null);
    create.mutate(
      { name: trimmed, contact_ids: value },
      {
        onSuccess: (g) => {
          toast.success(`Contact group ${g.name} created`);
          setName(null);
          setError(null);
        },
        onError: (err) => setError(errorReason(err)),
      },
    );
  };

  return (
    <Stack gap={6}>
      {list.length > 0 && (
        <Group gap={6} aria-label="Contact groups" role="group">
          <Text size="xs" c="dimmed">
            Contact groups:
          </Text>
          {list.map((g) => (
            <Button key={g.id} size="compact-xs" variant="light" radius="xl" onClick={() => pick(g.contacts)} aria-label={`Select contact group ${g.name}`}>
              {g.name} ({g.contacts.length})
            </Button>
          ))}
        </Group>
      )}
      {name === null ? (
        <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} disabled={value.length === 0} onClick={() => setName('')} w="fit-content">
          New contact group
        </Button>
      ) : (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            aria-label="Contact group name"
            placeholder={`Name for these ${value.length} contact(s)`}
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button size="xs" onClick={save} loading={create.isPending}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={() => (setName(null), setError(null))}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
