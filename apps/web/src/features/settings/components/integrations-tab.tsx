import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandGoogleDrive } from '@tabler/icons-react';

/**
 * The Drive connection panel. Connecting needs the mobile app and Google credentials, which arrive with a
 * later issue; until then the status is shown as it is, without a connect button that cannot work.
 */
export function IntegrationsTab() {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" color="blue">
              <IconBrandGoogleDrive size={22} />
            </ThemeIcon>
            <div>
              <Text fw={600}>Google Drive</Text>
              <Text size="sm" c="dimmed">
                Keep documents and call recordings in your own Drive, in a FIELDBOOK folder with documents, clients, recordings, transcripts and tasks.
              </Text>
            </div>
          </Group>
        </Group>
        <Group mt="md" gap="xs">
          <Text size="sm" fw={500}>
            Connection status:
          </Text>
          <Badge color="gray" variant="light">
            Disconnected
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          Connecting Google Drive requires the Fieldbook mobile app and Google credentials set up by your administrator.
        </Text>
      </Paper>
    </Stack>
  );
}
