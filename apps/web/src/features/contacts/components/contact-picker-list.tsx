import { Avatar, Box, Center, Checkbox, Group, Loader, Radio, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatPhoneInput, type Contact } from '@fieldbook/contract';
import { useMemo, useState } from 'react';
import { useContacts } from '../api/get-contacts';
import { filterContacts } from '../lib/contact-search';
import { nextSelection } from '../lib/selection';
import { ContactLoadError } from './contact-load-error';
import classes from './contact-picker.module.css';

export type ContactPickerListProps = {
  /** Selected contact ids. */
  value: string[];
  onChange: (ids: string[], contacts: Contact[]) => void;
  /** At most this many contacts (default unlimited). 1 makes it a single choice: a new pick replaces the old. */
  maxSelection?: number;
  /** Spec 001 §9: the contact list panel is at most 48 units (12 rem) high; dialogs may allow more. */
  maxHeight?: number | string;
  label?: string;
};

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** A searchable list of the caller's contacts to choose from: the body of the picker modal and the assign dialogs. */
export function ContactPickerList({ value, onChange, maxSelection, maxHeight = '12rem', label = 'Search contacts' }: ContactPickerListProps) {
  const contacts = useContacts();
  const [text, setText] = useState('');
  const all = useMemo(() => contacts.data?.contacts ?? [], [contacts.data]);
  const shown = useMemo(() => filterContacts(all, text), [all, text]);
  const isSingle = maxSelection === 1;
  const isFull = maxSelection !== undefined && value.length >= maxSelection;

  const toggle = (contact: Contact) => {
    const next = nextSelection(value, contact.id, maxSelection);
    if (next.length === value.length && next.every((id, i) => id === value[i])) return;
    onChange(next, all.filter((c) => next.includes(c.id)));
  };

  return (
    <Stack gap="xs">
      <TextInput
        size="sm"
        aria-label={label}
        placeholder="Search by name, phone or email"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {maxSelection !== undefined && !isSingle && (
        <Text size="xs" c={isFull ? 'orange.8' : 'dimmed'}>
          {value.length} of {maxSelection} selected{isFull ? ' — the maximum' : ''}
        </Text>
      )}
      {contacts.isPending ? (
        <Center h={80}>
          <Loader size="sm" aria-label="Loading contacts" />
        </Center>
      ) : contacts.isError ? (
        <ContactLoadError onRetry={() => void contacts.refetch()} isRetrying={contacts.isFetching} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {all.length === 0 ? 'No contacts available' : 'No matching contacts found'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
          <Stack gap={4} role="listbox" aria-label="Contacts" aria-multiselectable={!isSingle}>
            {shown.map((contact) => {
              const isSelected = value.includes(contact.id);
              const isDisabled = !isSelected && isFull && !isSingle;
              return (
                <UnstyledButton
                  key={contact.id}
                  role="option"
                  aria-selected={isSelected}
                  aria-disabled={isDisabled}
                  className={classes.option}
                  data-selected={isSelected || undefined}
                  data-disabled={isDisabled || undefined}
                  onClick={() => toggle(contact)}
                >
                  <Group gap="sm" wrap="nowrap">
                    {isSingle ? (
                      <Radio checked={isSelected} readOnly tabIndex={-1} aria-hidden size="sm" />
                    ) : (
                      <Checkbox checked={isSelected} readOnly tabIndex={-1} aria-hidden size="sm" disabled={isDisabled} />
                    )}
                    <Avatar size={32} radius="xl" color="fieldbook" variant="light">
                      {initialsOf(contact.name)}
                    </Avatar>
                    <Box miw={0}>
                      <Text size="sm" fw={600} truncate>
                        {contact.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {formatPhoneInput(contact.phone_number)}
                        {contact.role ? ` · ${contact.role}` : ''}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
