import { formatCents, type Contact, type Invoice } from '@fieldbook/contract';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { CopyClientLink } from '../../../components/copy-client-link';
import { useContacts } from '../../contacts';
import { useInvoiceClientLink } from '../api/get-invoice-client-link';
import { useSendInvoice } from '../api/send-invoice';
import { errorText } from './errors';

/**
 * Send to the client (issue 33): a contact (the one named like the job's client first) and text message and/or
 * email. The email carries the PDF; both carry the invoice's own link. A draft is sent as saved — it becomes sent,
 * due from today; a sent one is sent again as it is.
 */
export function SendInvoicePanel({ invoice, clientName, onDone }: { invoice: Invoice; clientName: string | null; onDone: () => void }) {
  const [search, setSearch] = useState(clientName ?? '');
  const contacts = useContacts({ q: search });
  // The chosen contact itself, not only its id: once chosen, the field's text (name · phone · email) is the search,
  // which finds no contact — the list no longer holds it.
  const [chosen, setChosen] = useState<Contact | null>(null);
  const contactId = chosen?.id ?? null;
  const [methods, setMethods] = useState<('sms' | 'email')[]>(['sms', 'email']);
  const send = useSendInvoice();
  const found = useMemo(() => contacts.data?.contacts ?? [], [contacts.data]);
  const list = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;
  useEffect(() => {
    if (!chosen && found.length > 0 && clientName && found[0]!.name.toLowerCase() === clientName.toLowerCase()) setChosen(found[0]!);
  }, [found, chosen, clientName]);
  const isDraft = invoice.status === 'draft';
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Title order={3} fz={16}>
          Send to the client
        </Title>
        <Text size="sm" c="dimmed">
          {isDraft
            ? `Sending issues the invoice today and fixes its due date. The client gets a link to view it (balance ${formatCents(invoice.totals.balance_cents)}); the email also has the PDF attached.`
            : 'The client gets the link to this invoice again; the email also has the PDF attached.'}
        </Text>
        <Select
          label="Client contact"
          placeholder="Search contacts"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={contactId}
          onChange={(id) => setChosen(list.find((c) => c.id === id) ?? null)}
          data={list.map((c) => ({ value: c.id, label: `${c.name} · ${c.phone_number}${c.email ? ` · ${c.email}` : ''}` }))}
          nothingFoundMessage="No contact found"
        />
        <Checkbox.Group label="Send by" value={methods} onChange={(v) => setMethods(v as ('sms' | 'email')[])}>
          <Group gap="md" mt={4}>
            <Checkbox value="sms" label="Text message" />
            <Checkbox value="email" label="Email" />
          </Group>
        </Checkbox.Group>
        {/* Where it goes, in full: on a phone the chosen contact's line is cut off in the field, its email first. */}
        {chosen && methods.length > 0 && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="send-invoice-to">
            {[methods.includes('email') ? (chosen.email ? `Email to ${chosen.email}` : `${chosen.name} has no email address`) : null, methods.includes('sms') ? `Text message to ${chosen.phone_number}` : null]
              .filter((line) => line !== null)
              .join(' · ')}
          </Text>
        )}
        {send.error && <Alert color="red">{errorText(send.error)}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => contactId && send.mutate({ id: invoice.id, contactId, methods }, { onSuccess: onDone })}
            disabled={!contactId || methods.length === 0}
            loading={send.isPending}
          >
            {isDraft ? 'Send Invoice' : 'Send Again'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Copy Client Link on a sent invoice: a fresh signed link on the clipboard, or shown to copy by hand. */
export function CopyInvoiceLink({ invoice }: { invoice: Invoice }) {
  const clientLink = useInvoiceClientLink();
  return (
    <CopyClientLink
      getLink={() => clientLink.mutateAsync(invoice.id).then((a) => a.link, () => null)}
      pending={clientLink.isPending}
      error={clientLink.error ? errorText(clientLink.error) : null}
    />
  );
}
