import { Avatar, Box, Center, Checkbox, Group, Loader, Radio, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatPhoneInput, type Contact } from '@fieldbook/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useContacts } from '../api/get-contacts';
import { nextSelection } from '../lib/selection';
import { ContactLoadError } from './contact-load-error';
import classes from './contact-picker.module.css';

export type ContactPickerListProps = {
  /** Selected contact ids. */
  value: string[];
  onChange: (ids: string[], contacts: Contact[]) => void;
  /** At most this many contacts (default unlimited). 1 makes it a single choice: a new pick replaces the old. */
  maxSelection?: number;
  label?: string;
  /** Contacts not to offer (e.g. the invite modal leaves out people already in the group). */
  exclude?: (contact: Contact) => boolean;
  /**
   * Leave out the people of this group on the server, before the page of 50 is cut: filtering a page afterwards
   * showed an empty list when its first 50 contacts were all members.
   */
  notInGroup?: string;
  /** The list's max height (default CONTACT_LIST_MAX_HEIGHT; spec 002 lists scroll at 15rem). */
  maxHeight?: string;
};

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Spec 001 §9: a contact list panel is at most 48 units high (12 rem) — in every picker. */
export const CONTACT_LIST_MAX_HEIGHT = '12rem';

/** The picker asks the server once typing pauses this long. */
export const PICKER_SEARCH_DEBOUNCE_MS = 300;

/**
 * A searchable list of the caller's contacts to choose from: the body of the picker modal and the assign dialogs.
 * The server searches (name, phone digits, email) and answers the first 50 by name, so an owner with thousands
 * of contacts finds any of them. Options are keyed by contact id: two contacts may share a phone number.
 */
export function ContactPickerList({ value, onChange, maxSelection, label = 'Search contacts', exclude, notInGroup, maxHeight = CONTACT_LIST_MAX_HEIGHT }: ContactPickerListProps) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const contacts = useContacts({ q, notInGroup });
  const listed = contacts.data?.contacts ?? [];
  const shown = exclude ? listed.filter((c) => !exclude(c)) : listed;
  // Picked contacts stay known after a new search no longer lists them: onChange hands back whole contacts.
  const known = useRef(new Map<string, Contact>());
  for (const c of listed) known.current.set(c.id, c);
  const isSingle = maxSelection === 1;
  const isFull = maxSelection !== undefined && value.length >= maxSelection;
  const total = contacts.data?.total ?? 0;

  const toggle = (contact: Contact) => {
    const next = nextSelection(value, contact.id, maxSelection);
    if (next.length === value.length && next.every((id, i) => id === value[i])) return;
    onChange(next, next.map((id) => known.current.get(id)).filter((c): c is Contact => Boolean(c)));
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
        <ContactLoadError error={contacts.error} onRetry={() => void contacts.refetch()} isRetrying={contacts.isFetching} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {q === '' ? 'No contacts available' : 'No matching contacts found'}
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
          {total > listed.length && (
            <Text size="xs" c="dimmed" ta="center" py={4}>
              Showing {listed.length} of {total} — type to narrow the list
            </Text>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
