import { HUB_LINK_FRESH_DAYS, type HubCodeDestinationSchema } from '@fieldbook/contract';
import { Alert, Button, Group, PinInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { clientPageMessage } from '../../../components/client-page';
import { useConfirmHubCode, useSendHubCode } from '../api/hub-code';

type Destination = z.infer<typeof HubCodeDestinationSchema>;

/**
 * An old link's step (issue 36): the link was sent over HUB_LINK_FRESH_DAYS ago, so the client proves they are who it
 * was sent to with a one-time code to their own phone or mailbox (only the last digits are shown). A correct code
 * opens the hub in this browser for a while (the server's session cookie) and the page reads it again.
 */
export function HubCodeStep({ token, company, destinations }: { token: string; company: string; destinations: Destination[] }) {
  const send = useSendHubCode(token);
  const confirm = useConfirmHubCode(token);
  const [code, setCode] = useState('');
  const sent = send.data;
  return (
    <Stack gap="md">
      <Text fw={700} fz={20}>
        {company}
      </Text>
      <Title order={1} fz={22}>
        Confirm it’s you
      </Title>
      <Text size="sm">
        This link was sent more than {HUB_LINK_FRESH_DAYS} days ago. To open your page, get a one-time code{sent ? '' : ':'}
        {sent ? ` — we sent it ${sent.method === 'sms' ? 'by text' : 'by email'} to ${sent.hint}.` : ''}
      </Text>
      {destinations.length === 0 && <Alert color="yellow">We have no phone or email to send a code to. Ask {company} to send you a new link.</Alert>}
      {!sent && (
        <Group gap="xs">
          {destinations.map((d) => (
            <Button key={d.method} variant="light" loading={send.isPending && send.variables === d.method} onClick={() => send.mutate(d.method)}>
              {d.method === 'sms' ? `Text a code to ${d.hint}` : `Email a code to ${d.hint}`}
            </Button>
          ))}
        </Group>
      )}
      {send.error && <Alert color="red">{clientPageMessage(send.error)}</Alert>}
      {sent && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate(code);
          }}
        >
          <Stack gap="sm">
            <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label="One-time code" size="md" />
            <Group gap="xs">
              <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6}>
                Open my page
              </Button>
              <Button variant="subtle" onClick={() => send.mutate(sent.method)} loading={send.isPending}>
                Send again
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {confirm.error && <Alert color="red">{clientPageMessage(confirm.error)}</Alert>}
    </Stack>
  );
}
