import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { CallRecorder, MANUAL_RECORDING_PERMISSIONS, type CallRecorderSettings, type RecorderPermissionStatus, type RecorderPermissionType } from '@fieldbook/call-recorder';
import { useEffect, useState } from 'react';

const PERMISSION_LABELS: Record<RecorderPermissionType, string> = {
  microphone: 'Microphone',
  phoneState: 'Phone calls',
  callLog: 'Call log',
  audioFiles: 'Audio files',
  contacts: 'Contacts',
  notifications: 'Notifications',
};

const QUALITY: Record<CallRecorderSettings['audioQuality'], string> = { low: 'Low', medium: 'Medium', high: 'High' };

type Loaded = { settings: CallRecorderSettings; permissions: RecorderPermissionStatus };

/**
 * Settings › Call Recorder (spec 001 §2): shown only inside the mobile app, where the recorder plugin exists. It
 * warns that recording works only there, and shows what the phone's recorder holds (getSettings) and its
 * permissions (checkPermissions), with a way to grant them (requestPermissions). The options themselves are changed
 * on the Recordings screen (Settings there), which saves them to the account and to the recorder.
 */
export function CallRecorderTab() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([CallRecorder.getSettings(), CallRecorder.checkPermissions()])
      .then(([{ settings }, permissions]) => live && setLoaded({ settings, permissions }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const grant = async () => {
    if (!loaded) return;
    setAsking(true);
    setMessage(null);
    try {
      const permissions = await CallRecorder.requestPermissions();
      setLoaded({ ...loaded, permissions });
    } catch {
      setMessage('Failed to request permissions');
    } finally {
      setAsking(false);
    }
  };

  const missing = loaded ? (Object.keys(PERMISSION_LABELS) as RecorderPermissionType[]).filter((p) => loaded.permissions[p] !== 'granted') : [];
  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconDeviceMobile size={18} />} title="Call Recorder">
        <Text size="sm">Call recording works only in the Fieldbook mobile app. Recorder options are managed on the Recordings screen.</Text>
      </Alert>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          Call Recorder plugin is not available in this environment.
        </Alert>
      ) : !loaded ? (
        <Group gap="xs">
          <Loader size="xs" type="dots" />
          <Text size="sm" c="dimmed">
            Reading the recorder...
          </Text>
        </Group>
      ) : (
        <>
          <Table withRowBorders={false} verticalSpacing={4} data-testid="recorder-device-settings">
            <Table.Tbody>
              <Row label="Recording" value={loaded.settings.enabled ? 'On' : 'Off'} />
              <Row label="Audio quality" value={QUALITY[loaded.settings.audioQuality]} />
              <Row label="Audio source" value={loaded.settings.audioSource.replace(/_/g, ' ')} />
              <Row label="New recordings go to group" value={loaded.settings.lastGroupId} />
            </Table.Tbody>
          </Table>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Permissions
            </Text>
            <Group gap={6} wrap="wrap">
              {(Object.keys(PERMISSION_LABELS) as RecorderPermissionType[]).map((p) => (
                <Badge key={p} variant="light" color={loaded.permissions[p] === 'granted' ? 'green' : MANUAL_RECORDING_PERMISSIONS.includes(p) ? 'red' : 'gray'}>
                  {`${PERMISSION_LABELS[p]}: ${loaded.permissions[p] === 'granted' ? 'allowed' : 'not allowed'}`}
                </Badge>
              ))}
            </Group>
            {missing.length > 0 && (
              <Button variant="light" size="xs" onClick={() => void grant()} loading={asking} style={{ alignSelf: 'flex-start' }}>
                Grant permissions
              </Button>
            )}
            {message && (
              <Text size="sm" c="red" role="alert">
                {message}
              </Text>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{value}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
