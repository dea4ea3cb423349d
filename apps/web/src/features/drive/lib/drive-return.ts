import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Google sends the browser back to the server's callback, which redirects into the app with `?drive=connected` or
 * `?drive_error=<message>`. The app shell calls `useDriveReturn(openSettings)`: the parameters are taken off the
 * address, the Settings modal opens, and its Integrations tab picks the outcome up once (`takeDriveReturn`).
 */
export type DriveReturn = { connected: boolean; error: string | null; /** The app path Google sent the browser back to. */ path: string };

let pending: DriveReturn | null = null;

export function readDriveReturn(search: string, path = '/'): DriveReturn | null {
  const q = new URLSearchParams(search);
  const connected = q.get('drive') === 'connected';
  const error = q.get('drive_error');
  return connected || error ? { connected, error, path } : null;
}

/** Whether a return from Google waits for the Integrations tab (the Settings modal then opens on that tab). */
export const hasDriveReturn = () => pending !== null;

/** The return from Google, once. */
export function takeDriveReturn(): DriveReturn | null {
  const value = pending;
  pending = null;
  return value;
}

export function useDriveReturn(openSettings: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const back = readDriveReturn(location.search, location.pathname);
    if (!back) return;
    pending = back;
    const q = new URLSearchParams(location.search);
    q.delete('drive');
    q.delete('drive_error');
    const search = q.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    openSettings();
  }, [location.search, location.pathname, navigate, openSettings]);
}
