import { CLIENT_MESSAGE_CHANNELS, CLIENT_MESSAGE_LOG_PAGE_SIZE, CLIENT_MESSAGE_RULE_LABELS, runtimeTimeZone, type ClientMessageChannel, type ClientMessageSend, type ContactOptOut } from '@fieldbook/contract';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMyWorkspace } from '../../workspaces';
import { useContactMessageLog, useContactOptOut, useUpdateContactOptOut } from '../api/contact-messages';
import { CHANNEL_LABELS, instantInZone, OPT_OUT_SOURCE_LABELS } from '../lib/format';

/** The log endpoint's largest page: "Show more" grows the page up to it. */
const MAX_LOG = 200;

/**
 * A contact's "Automatic messages" (issue 36): whether their phone and email are opted out (and how), with the
 * office's own switch, and the log of what was sent automatically — or skipped — and why, in the workspace's zone.
 * Read when asked for: the contact's drawer opens offline too, and most openings are to edit the contact.
 */
export function ContactMessagesPanel({ contactId }: { contactId: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" mt="md" component="section" aria-label="Automatic messages">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} fz={16}>
            Automatic messages
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen((v) => !v)} aria-expanded={isOpen}>
            {isOpen ? 'Hide' : 'Show log and opt-outs'}
          </Button>
        </Group>
        {isOpen && <MessagesContent contactId={contactId} />}
      </Stack>
    </Paper>
  );
}

function MessagesContent({ contactId }: { contactId: string }) {
  const mine = useMyWorkspace();
  // The workspace's zone; without a workspace (or its answer) the browser's, once asked.
  const zone = mine.data?.workspace?.time_zone ?? (mine.isFetched ? runtimeTimeZone() : null);
  return (
    <>
      <OptOuts contactId={contactId} zone={zone} />
      <Log contactId={contactId} zone={zone} />
    </>
  );
}

function OptOuts({ contactId, zone }: { contactId: string; zone: string | null }) {
  const optOut = useContactOptOut(contactId);
  const update = useUpdateContactOptOut(contactId);
  if (optOut.isError) return <Alert color="red">{optOut.error.message}</Alert>;
  if (!optOut.data || !zone) return <Loader size="sm" />;
  return (
    <Stack gap={6}>
      {CLIENT_MESSAGE_CHANNELS.map((channel) => (
        <OptOutRow key={channel} channel={channel} state={optOut.data[channel]} zone={zone} pending={update.isPending && update.variables[channel] !== undefined} onChange={(out) => update.mutate({ [channel]: out })} />
      ))}
      {update.error && (
        <Alert color="red" role="alert">
          {update.error.message}
        </Alert>
      )}
    </Stack>
  );
}

function OptOutRow({ channel, state, zone, pending, onChange }: { channel: ClientMessageChannel; state: ContactOptOut['sms']; zone: string; pending: boolean; onChange: (optedOut: boolean) => void }) {
  const name = channel === 'sms' ? 'Texts' : 'Emails';
  if (!state.address) {
    return (
      <Text size="sm" c="dimmed">
        {name}: {channel === 'sms' ? 'no phone number on this contact' : 'no email address on this contact'}
      </Text>
    );
  }
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid={`opt-out-${channel}`}>
      <Stack gap={0} miw={0} style={{ flex: '1 1 200px' }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {name}
          </Text>
          <Badge size="sm" color={state.opted_out ? 'red' : 'green'} variant="light">
            {state.opted_out ? 'Opted out' : 'Receiving'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {state.address}
          {state.opted_out && state.source ? ` · opted out ${OPT_OUT_SOURCE_LABELS[state.source]}` : ''}
          {state.opted_out && state.opted_out_at ? `, ${instantInZone(state.opted_out_at, zone)}` : ''}
        </Text>
      </Stack>
      <Button size="compact-sm" variant="default" loading={pending} onClick={() => onChange(!state.opted_out)}>
        {state.opted_out ? `Opt back in to ${name.toLowerCase()}` : `Mark opted out of ${name.toLowerCase()}`}
      </Button>
    </Group>
  );
}

function Log({ contactId, zone }: { contactId: string; zone: string | null }) {
  const [limit, setLimit] = useState(CLIENT_MESSAGE_LOG_PAGE_SIZE);
  const log = useContactMessageLog(contactId, limit);
  if (log.isError) return <Alert color="red">{log.error.message}</Alert>;
  if (!log.data || !zone) return <Loader size="sm" />;
  const { items, total } = log.data;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing sent automatically to this contact yet.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        Times in the workspace’s time zone ({zone}).
      </Text>
      {items.map((item) => (
        <LogRow key={item.id} item={item} zone={zone} />
      ))}
      {items.length < total && limit < MAX_LOG && (
        <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} loading={log.isFetching} onClick={() => setLimit((n) => Math.min(MAX_LOG, n + CLIENT_MESSAGE_LOG_PAGE_SIZE))}>
          Show older ({total - items.length} more)
        </Button>
      )}
    </Stack>
  );
}

function LogRow({ item, zone }: { item: ClientMessageSend; zone: string }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="client-message-log-row">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={500} miw={0}>
          {CLIENT_MESSAGE_RULE_LABELS[item.rule]}
        </Text>
        <Badge size="sm" variant="light" color={item.status === 'sent' ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
          {item.status === 'sent' ? 'Sent' : 'Skipped'}
        </Badge>
      </Group>
      <Text size="sm">{item.reason}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {instantInZone(item.created_at, zone)} · {CHANNEL_LABELS[item.channel]} to {item.address}
      </Text>
    </Paper>
  );
}
