import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CopyClientLink } from '../../../components/copy-client-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { clientPageMessage } from '../../../components/client-page';
import { useContactHubLink, useRevokeContactHub } from '../api/contact-hub';

/**
 * The contact's "Client hub" panel (issue 36): copy a fresh link to their hub (for a text from the contractor's own
 * phone), or turn off every link sent until now — the next message brings a working one.
 */
export function ContactHubPanel({ contactId }: { contactId: string }) {
  const link = useContactHubLink(contactId);
  const revoke = useRevokeContactHub(contactId);
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" mt="md">
      <Stack gap="xs">
        <Title order={3} fz={16}>
          Client hub
        </Title>
        <Text size="sm" c="dimmed">
          One page with this client’s quotes, invoices and visits. Every message you send them links it.
        </Text>
        <CopyClientLink getLink={() => link.mutateAsync().then((a) => a.link, () => null)} pending={link.isPending} error={link.error ? clientPageMessage(link.error) : null} copiedText="Hub link copied." />
        <Button variant="subtle" color="red" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => setConfirming(true)}>
          Turn off links sent so far
        </Button>
        {revoke.isSuccess && <Alert color="green">Links sent so far no longer open the hub.</Alert>}
        {revoke.error && <Alert color="red">{clientPageMessage(revoke.error)}</Alert>}
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title="Turn off hub links?"
        message="Every link to this client’s hub sent until now stops working. The next quote, invoice or reminder you send brings a new one."
        confirmLabel="Turn off"
        isWorking={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => revoke.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Paper>
  );
}
