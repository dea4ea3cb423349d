import { Avatar, Badge, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMail, IconPhone, IconPlus, IconSearch } from '@tabler/icons-react';
import { formatPhoneInput, type Contact } from '@fieldbook/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDeletedContactIds } from '../api/delete-contact';
import { useContact } from '../api/get-contact';
import { useContactPages } from '../api/get-contacts';
import { ContactLoadError } from './contact-load-error';
import { ContactPanel, type ContactPanelMode } from './contact-panel';
import { initialsOf } from './contact-picker-list';
import classes from './contact-picker.module.css';

function ContactRow({ contact, onOpen }: { contact: Contact; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} className={classes.option} data-testid="contact-row" aria-label={contact.shared_by ? `Open ${contact.name}` : `Edit ${contact.name}`}>
      <Group gap="sm" wrap="nowrap" py={4}>
        <Avatar radius="xl" color="fieldbook" variant="light">
          {initialsOf(contact.name)}
        </Avatar>
        <Box miw={0} style={{ flex: 1 }}>
          <Text fw={600} truncate>
            {contact.name}
            {contact.role && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' '}
                · {contact.role}
              </Text>
            )}
          </Text>
          {contact.shared_by ? (
            <Badge size="xs" variant="light" color="blue">
              Shared by {contact.shared_by}
            </Badge>
          ) : contact.shared_group_ids.length > 0 ? (
            <Badge size="xs" variant="light" color="gray">
              Shared with {contact.shared_group_ids.length} group(s)
            </Badge>
          ) : null}
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dimmed" component="span">
              <IconPhone size={13} style={{ verticalAlign: -2 }} /> {formatPhoneInput(contact.phone_number)}
            </Text>
            {contact.email && (
              <Text size="sm" c="dimmed" component="span" truncate>
                <IconMail size={13} style={{ verticalAlign: -2 }} /> {contact.email}
              </Text>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/** The contacts search asks the server once typing pauses this long. */
const CONTACT_SEARCH_DEBOUNCE_MS = 300;

/** /contacts and /contacts/:contactId (the latter opens that contact's edit panel). */
export function ContactsScreen({ contactId }: { contactId?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  // The server searches and pages (50 at a time): an owner may have any number of contacts.
  const [q] = useDebouncedValue(text.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const contacts = useContactPages({ q });
  const [isCreating, setCreating] = useState(false);
  const shown = useMemo(() => contacts.data?.pages.flatMap((p) => p.contacts) ?? [], [contacts.data]);
  const total = contacts.data?.pages[0]?.total ?? 0;

  // The deep-linked contact: from the list when it is there, else fetched on its own.
  const listed = contactId ? shown.find((c) => c.id === contactId) : undefined;
  const isDeleted = useDeletedContactIds().includes(contactId ?? '');
  const single = useContact(contactId && contacts.isSuccess && !listed && !isDeleted ? contactId : undefined);
  const editing = listed ?? single.data;
  useEffect(() => {
    if (contactId && single.isError) {
      toast.error('Contact not found', { id: 'contact-not-found' });
      navigate('/contacts', { replace: true });
    }
  }, [contactId, single.isError, navigate]);

  const mode: ContactPanelMode | null = isCreating ? { kind: 'create' } : editing ? { kind: 'edit', contact: editing } : null;

  return (
    <>
      <PageHeader
        title="Contacts"
        description="Clients, crew, subcontractors and suppliers you work with."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Add Contact
          </Button>
        }
      />
      <Stack gap="md">
        <TextInput
          aria-label="Search contacts"
          placeholder="Search by name, phone or email"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maw={{ sm: 420 }}
        />
        {contacts.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading contacts" />
          </Center>
        ) : contacts.isError ? (
          <ContactLoadError error={contacts.error} onRetry={() => void contacts.refetch()} isRetrying={contacts.isFetching} />
        ) : shown.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text fw={600}>{q === '' ? 'No contacts available' : 'No matching contacts found'}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {q === '' ? 'Add the people you work with to assign them tasks.' : 'Try another name, number or email.'}
            </Text>
          </Paper>
        ) : (
          <Paper withBorder p="xs">
            <Text size="xs" c="dimmed" px="xs" pb={4}>
              {q === '' ? `${total} contacts` : `${total} matching contacts`}
              {shown.length < total ? ` · showing ${shown.length}` : ''}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={4} verticalSpacing={4}>
              {shown.map((c) => (
                <ContactRow key={c.id} contact={c} onOpen={() => navigate(`/contacts/${c.id}`)} />
              ))}
            </SimpleGrid>
            {contacts.hasNextPage && (
              <Center pt="sm">
                <Button variant="light" onClick={() => void contacts.fetchNextPage()} loading={contacts.isFetchingNextPage}>
                  Load more contacts
                </Button>
              </Center>
            )}
          </Paper>
        )}
      </Stack>
      <ContactPanel
        mode={mode}
        onClose={() => {
          setCreating(false);
          if (contactId) navigate('/contacts');
        }}
      />
    </>
  );
}
