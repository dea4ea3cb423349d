import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { contactLoadMessage } from '../lib/contact-load-error';

/** A failed contacts read with Retry, in the spec 001 §8 words. */
export function ContactLoadError({ error, onRetry, isRetrying }: { error: unknown; onRetry: () => void; isRetrying?: boolean }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{contactLoadMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={isRetrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
