import { Avatar, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMail, IconPhone, IconPlus, IconSearch } from '@tabler/icons-react';
import { formatPhoneInput, type Contact } from '@fieldbook/contract';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDeletedContactIds } from '../api/delete-contact';
import { useContact } from '../api/get-contact';
import { useContacts } from '../api/get-contacts';
import { filterContacts } from '../lib/contact-search';
import { ContactLoadError } from './contact-load-error';
import { ContactPanel, type ContactPanelMode } from './contact-panel';
import { initialsOf } from './contact-picker-list';
import classes from './contact-picker.module.css';

function ContactRow({ contact, onOpen }: { contact: Contact; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} className={classes.option} data-testid="contact-row" aria-label={`Edit ${contact.name}`}>
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

/** /contacts and /contacts/:contactId (the latter opens that contact's edit panel). */
export function ContactsScreen({ contactId }: { contactId?: string }) {
  const navigate = useNavigate();
  const contacts = useContacts();
  const [text, setText] = useState('');
  const [isCreating, setCreating] = useState(false);
  const all = useMemo(() => contacts.data?.contacts ?? [], [contacts.data]);
  const shown = useMemo(() => filterContacts(all, text), [all, text]);

  // The deep-linked contact: from the list when it is there, else fetched on its own.
  const listed = contactId ? all.find((c) => c.id === contactId) : undefined;
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
          <ContactLoadError onRetry={() => void contacts.refetch()} isRetrying={contacts.isFetching} />
        ) : shown.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text fw={600}>{all.length === 0 ? 'No contacts available' : 'No matching contacts found'}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {all.length === 0 ? 'Add the people you work with to assign them tasks.' : 'Try another name, number or email.'}
            </Text>
          </Paper>
        ) : (
          <Paper withBorder p="xs">
            <Text size="xs" c="dimmed" px="xs" pb={4}>
              {shown.length === all.length ? `${all.length} contacts` : `${shown.length} of ${all.length} contacts`}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={4} verticalSpacing={4}>
              {shown.map((c) => (
                <ContactRow key={c.id} contact={c} onOpen={() => navigate(`/contacts/${c.id}`)} />
              ))}
            </SimpleGrid>
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
