import { Center, Loader, Stack, Text } from '@mantine/core';
import { BrandMark } from './brand-mark';

/** A centred full-screen state (e.g. Verifying authentication...). */
export function FullScreenMessage({ message, withLoader = true }: { message?: string; withLoader?: boolean }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md">
        <BrandMark size={44} />
        {withLoader && <Loader size="sm" type="dots" />}
        {message && (
          <Text c="dimmed" fw={500} role="status">
            {message}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
