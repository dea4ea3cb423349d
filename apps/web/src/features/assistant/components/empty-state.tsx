import { ASSISTANT_INIT_FAILED, type AssistantInitSchema } from '@fieldbook/contract';
import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconMessageChatbot } from '@tabler/icons-react';
import type { z } from 'zod';
import classes from './assistant.module.css';

type EmptyStateProps = {
  init: { data: z.infer<typeof AssistantInitSchema> | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  onAsk: (query: string) => void;
};

/** A conversation with no messages yet (spec 000 §2): the greeting and the workspace's suggested questions. */
export function EmptyState({ init, onAsk }: EmptyStateProps) {
  if (init.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        <Text size="sm">{ASSISTANT_INIT_FAILED}</Text>
        <Button size="xs" color="red" variant="light" mt="xs" onClick={() => init.refetch()} loading={init.isFetching}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={520} mx="auto" pt="sm">
      <Stack gap={6} align="center">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconMessageChatbot size={24} />
        </ThemeIcon>
        <Text fw={700} size="lg" ta="center">
          How can I help you today?
        </Text>
      </Stack>
      {init.isPending ? (
        <Center>
          <Loader size="sm" aria-label="Loading suggestions" />
        </Center>
      ) : (
        <Stack gap="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            Try asking:
          </Text>
          {init.data?.suggested_queries.map((s) => (
            <UnstyledButton key={s.query} className={classes.suggestion} onClick={() => onAsk(s.query)}>
              <Text size="sm" fw={600}>
                {s.query}
              </Text>
              <Text size="xs" c="dimmed">
                {s.description}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
