import { Switch } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';
import { errorReason } from '../../../lib/error-reason';
import { useConnectDrive, useDisconnectDrive, useDriveStatus } from '../api/drive';

/**
 * The jobs dashboard's Connect Google Drive toggle (spec 001 §2): on sends the user to Google's consent page (back
 * here afterwards, where the Settings modal shows the connection and sets up the folders); off disconnects. Hidden
 * when the server has no Google credentials.
 */
export function DriveToggle() {
  const location = useLocation();
  const status = useDriveStatus();
  const connect = useConnectDrive();
  const disconnect = useDisconnectDrive();
  const [isLeaving, setLeaving] = useState(false);
  if (!status.data?.configured) return null;
  const isOn = status.data.status !== 'disconnected' || isLeaving;
  return (
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
              toast.error(`Failed to connect to Google Drive: ${errorReason(err)}`);
            },
          });
        } else {
          disconnect.mutate(undefined, { onError: (err) => void toast.error(`Failed to disconnect from Google Drive: ${errorReason(err)}`) });
        }
      }}
    />
  );
}
