import { Alert, Badge, Button, CloseButton, Group, List, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandGoogleDrive, IconCheck, IconFolder } from '@tabler/icons-react';
import type { DriveStatus } from '@fieldbook/contract';

/** Spec 001 §4: the connection panel's states. */
export type PanelState = 'Disconnected' | 'Connecting' | 'Connected';

/**
 * The Drive connection panel (spec 001 › Drive panels): the state, Connect / Disconnect, the account, the FIELDBOOK
 * folder structure with Created markers and Initialize Folders, and errors in a dismissible red box.
 */
export function DriveConnectionPanel(props: {
  status: DriveStatus;
  isConnecting: boolean;
  isDisconnecting: boolean;
  isInitializing: boolean;
  error: string | null;
  onConnect: () => void;
  onDisconnect: () => void;
  onInitialize: () => void;
  onDismissError: () => void;
}) {
  const { status } = props;
  const state: PanelState = props.isConnecting ? 'Connecting' : status.status === 'disconnected' ? 'Disconnected' : 'Connected';
  const needsReconnect = status.status === 'needs_reconnect';
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
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

      <Group mt="md" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          Connection status:
        </Text>
        <Badge color={state === 'Connected' ? (needsReconnect ? 'orange' : 'green') : state === 'Connecting' ? 'blue' : 'gray'} variant="light" tt="none" data-testid="drive-state">
          {state}
        </Badge>
        {needsReconnect && (
          <Badge color="orange" variant="outline" tt="none">
            Needs reconnecting
          </Badge>
        )}
      </Group>

      {!status.configured && (
        <Text size="sm" c="dimmed" mt="xs">
          Google Drive is not configured on this server. Ask your administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.
        </Text>
      )}

      {status.user && (
        <Stack gap={0} mt="xs">
          <Text size="sm" fw={500}>
            {status.user.displayName}
          </Text>
          <Text size="sm" c="dimmed">
            {status.user.emailAddress}
          </Text>
        </Stack>
      )}

      {needsReconnect && status.message && (
        <Alert color="orange" variant="light" mt="sm">
          <Text size="sm">{status.message}</Text>
        </Alert>
      )}

      {props.error && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{props.error}</Text>
            <CloseButton size="sm" aria-label="Dismiss error" title="Dismiss error" onClick={props.onDismissError} />
          </Group>
        </Alert>
      )}

      {status.configured && (
        <Group mt="md" gap="sm">
          {(status.status === 'disconnected' || needsReconnect) && (
            <Button onClick={props.onConnect} loading={props.isConnecting} leftSection={<IconBrandGoogleDrive size={16} />}>
              Connect
            </Button>
          )}
          {status.status !== 'disconnected' && (
            <Button variant="default" color="red" onClick={props.onDisconnect} loading={props.isDisconnecting}>
              Disconnect
            </Button>
          )}
        </Group>
      )}

      {status.status !== 'disconnected' && (
        <Stack gap="xs" mt="lg">
          <Text size="sm" fw={600}>
            Folder structure
          </Text>
          <List spacing={4} size="sm" center icon={<IconFolder size={16} />} aria-label="Folder structure">
            {status.folders.map((folder) => (
              <List.Item key={folder.key} ml={folder.key === 'root' ? 0 : 'lg'}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{folder.name}</Text>
                  {folder.created && (
                    <Badge size="xs" color="green" variant="light" tt="none" leftSection={<IconCheck size={10} />}>
                      Created
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
          <Group>
            <Button size="xs" variant="light" onClick={props.onInitialize} loading={props.isInitializing} disabled={needsReconnect}>
              Initialize Folders
            </Button>
            {props.isInitializing && <Loader size="xs" type="dots" />}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
