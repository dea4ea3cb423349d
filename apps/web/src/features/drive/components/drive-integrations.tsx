import { Alert, Button, Code, Collapse, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { FOLDER_INIT_DELAY_MS, JOBS_FOLDER_INIT_DELAY_MS, useConfirmDriveConnect, useConnectDrive, useDisconnectDrive, useDriveStatus, useInitializeFolders } from '../api/drive';
import { useTakeDriveReturn, type DriveReturn } from '../lib/drive-return';
import { onePrefix } from '../lib/one-prefix';
import { DriveConnectionPanel } from './drive-connection-panel';
import { DriveCopyExisting } from './drive-copy-existing';
import { DriveFolderManager } from './drive-folder-manager';

/** Spec 000 §8 / 001 §8. */
export const FOLDER_INIT_FAILED = 'Failed to initialize folder structure. This will not affect basic functionality.';
const reasonOf = (err: unknown) => (err instanceof ApiRequestError || err instanceof Error ? err.message : String(err));

/**
 * Settings › Integrations (spec 001): the Drive connection panel, the folder manager and the collapsible Advanced
 * Debugging section. The server holds the connection (design.md §10): this screen never sees a Google token.
 */
export function DriveIntegrations() {
  const location = useLocation();
  const status = useDriveStatus({ followExisting: true });
  const connect = useConnectDrive();
  const disconnect = useDisconnectDrive();
  const initialize = useInitializeFolders();
  const confirm = useConfirmDriveConnect();
  const [error, setError] = useState<string | null>(null);
  const back = useTakeDriveReturn();
  /** Returns already confirmed: a code is single use, so a repeated effect must not present it twice. */
  const confirmed = useRef(new WeakSet<DriveReturn>());
  const [debugOpened, debug] = useDisclosure(false);
  const [showInfo, setShowInfo] = useState(false);

  const initializeFolders = (critical: boolean) =>
    initialize.mutate(undefined, {
      onError: (err) => setError(critical ? onePrefix(FOLDER_INIT_FAILED, reasonOf(err), (r) => `${FOLDER_INIT_FAILED} (${r})`) : FOLDER_INIT_FAILED),
    });
  const initializeAfterConnect = useEffectEvent(() => initializeFolders(false));
  // The phone app's return: the result code confirmed by this session; connected, the folders follow as on the web.
  const confirmReturn = useEffectEvent((ret: DriveReturn, result: string, then: () => void) => {
    if (confirmed.current.has(ret)) return;
    confirmed.current.add(ret);
    setError(null);
    confirm.mutate(result, { onSuccess: then, onError: (err) => setError(reasonOf(err)) });
  });

  // Back from Google: the outcome, and — connected — the folders set up (a failure is not critical).
  useEffect(() => {
    if (!back) return;
    if (back.error) {
      setError(back.error);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Spec 001 §9: 0.5 s, or 1 s when the connect started from the jobs dashboard's toggle.
    const initializeSoon = () => (timer = setTimeout(() => initializeAfterConnect(), back.path.startsWith('/jobs') ? JOBS_FOLDER_INIT_DELAY_MS : FOLDER_INIT_DELAY_MS));
    if (back.result) confirmReturn(back, back.result, initializeSoon);
    else initializeSoon();
    return () => clearTimeout(timer);
  }, [back]);

  if (status.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" type="dots" />
        <Text size="sm" c="dimmed">
          Checking Google Drive connection...
        </Text>
      </Group>
    );
  }
  if (status.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{`Unable to check Google Drive connection status: ${status.error.message}`}</Text>
          <Button size="xs" color="red" variant="white" onClick={() => void status.refetch()} loading={status.isFetching}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }

  const data = status.data;
  const isConnected = data.status !== 'disconnected';
  return (
    <Stack gap="md">
      <DriveConnectionPanel
        status={data}
        // The browser is on its way to Google ('left'); the app stays open beside the system browser until it returns.
        isConnecting={connect.isPending || connect.data === 'left' || confirm.isPending}
        isDisconnecting={disconnect.isPending}
        isInitializing={initialize.isPending}
        error={error}
        onDismissError={() => setError(null)}
        onConnect={() => {
          setError(null);
          connect.mutate(`${location.pathname}${location.search}`, { onError: (err) => setError(onePrefix('Failed to connect to Google Drive', reasonOf(err))) });
        }}
        onDisconnect={() => {
          setError(null);
          disconnect.mutate(undefined, { onError: (err) => setError(onePrefix('Failed to disconnect from Google Drive', reasonOf(err))) });
        }}
        onInitialize={() => {
          setError(null);
          initializeFolders(true);
        }}
      />

      {data.status === 'connected' && <DriveCopyExisting status={data} />}

      {isConnected && data.folders.some((f) => f.created) && <DriveFolderManager folders={data.folders} />}

      <div>
        <UnstyledButton onClick={debug.toggle} aria-expanded={debugOpened}>
          <Group gap={4}>
            {debugOpened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <Text size="sm" fw={500}>
              Advanced Debugging
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={debugOpened}>
          {/* Rendered only while open: its words (the status among them) are not on the panel twice. */}
          {debugOpened && <Stack gap={4} mt="xs">
            <Text size="xs">Connection status: {data.status === 'needs_reconnect' ? 'needs reconnecting' : data.status}</Text>
            <Text size="xs">API library loaded: not needed (the server calls Google Drive)</Text>
            <Text size="xs">Token present: {isConnected ? 'yes, kept on the server' : 'no'}</Text>
            <Text size="xs">
              Copies waiting: {data.copies.pending}; failed: {data.copies.failed}
            </Text>
            <Group gap="xs" mt={4}>
              <Button size="compact-xs" variant="default" onClick={() => setShowInfo((v) => !v)}>
                Show Debug Info
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => void status.refetch()} loading={status.isFetching} disabled={!data.configured}>
                Attempt Reconnect
              </Button>
            </Group>
            {showInfo && <Code block>{JSON.stringify({ configured: data.configured, status: data.status, user: data.user, folders: data.folders.map((f) => ({ key: f.key, id: f.id, created: f.created })), copies: data.copies, message: data.message }, null, 2)}</Code>}
          </Stack>}
        </Collapse>
      </div>
    </Stack>
  );
}
