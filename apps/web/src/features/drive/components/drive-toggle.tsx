import { Button, Group, Modal, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';
import { errorReason } from '../../../lib/error-reason';
import { useConnectDrive, useDisconnectDrive, useDriveStatus } from '../api/drive';
import { onePrefix } from '../lib/one-prefix';

/**
 * The jobs dashboard's Connect Google Drive toggle (spec 001 §2): on sends the user to Google's consent page (back
 * here afterwards, where the Settings modal shows the connection and sets up the folders); off asks first, then
 * disconnects (issue 32 item 11: one stray tap on a dashboard must not end the connection). Hidden when the server has
 * no Google credentials.
 */
export function DriveToggle() {
  const location = useLocation();
  const status = useDriveStatus();
  const connect = useConnectDrive();
  const disconnect = useDisconnectDrive();
  const [isLeaving, setLeaving] = useState(false);
  const [isAsking, setAsking] = useState(false);
  if (!status.data?.configured) return null;
  const isOn = status.data.status !== 'disconnected' || isLeaving;
  const confirmDisconnect = () => {
    setAsking(false);
    disconnect.mutate(undefined, { onError: (err) => void toast.error(onePrefix('Failed to disconnect from Google Drive', errorReason(err))) });
  };
  return (
    <>
      <Switch
        label="Connect Google Drive"
        checked={isOn}
        disabled={connect.isPending || disconnect.isPending || isLeaving}
        onChange={(e) => {
          if (e.currentTarget.checked) {
            setLeaving(true);
            connect.mutate(`${location.pathname}${location.search}`, {
              // In the phone app the page stays (the consent is in the system browser): the switch follows the status again.
              onSuccess: (how) => how === 'opened' && setLeaving(false),
              onError: (err) => {
                setLeaving(false);
                toast.error(onePrefix('Failed to connect to Google Drive', errorReason(err)));
              },
            });
          } else {
            setAsking(true);
          }
        }}
      />
      <Modal opened={isAsking} onClose={() => setAsking(false)} title="Disconnect Google Drive?" size="sm">
        <Text size="sm">New documents, calls and task lists will no longer be copied to your Google Drive. Files already copied stay in your Drive.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmDisconnect}>
            Disconnect
          </Button>
        </Group>
      </Modal>
    </>
  );
}
