import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { ClientPage, ClientPageBody, clientPageMessage } from '../../../components/client-page';
import { useUnsubscribe, useUnsubscribeState } from '../api/unsubscribe';

/**
 * /unsubscribe/:token — an automatic email's "stop these emails" link, no account, fits a 390 px phone. Opening it
 * changes nothing (mail scanners open links too): the button's POST opts the address out.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);
  return (
    <ClientPageBody query={state} unavailableTitle="Link not valid">
      {(s) => (
        <ClientPage>
          <Stack gap="md">
            <Text fw={700} fz={20}>
              {s.company}
            </Text>
            {s.opted_out ? (
              <Alert color="green" title="Unsubscribed" role="status">
                You won’t get automatic emails from {s.company} any more at {s.address}.
              </Alert>
            ) : (
              <>
                <Title order={1} fz={22}>
                  Stop automatic emails?
                </Title>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.company} sends automatic emails, such as visit reminders and follow-ups, to {s.address}.
                </Text>
                {unsubscribe.error && <Alert color="red">{clientPageMessage(unsubscribe.error)}</Alert>}
                <Button size="md" fullWidth loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
                  Unsubscribe
                </Button>
              </>
            )}
          </Stack>
        </ClientPage>
      )}
    </ClientPageBody>
  );
}
