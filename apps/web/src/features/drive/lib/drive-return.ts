import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Google sends the browser back to the server's callback, which redirects into the app with `?drive=connected` or
 * `?drive_error=<message>`. In the phone app the consent ran in the system browser: the callback sends it to
 * `fieldbook://drive-connected`, which app/app-links.ts maps to `?drive_result=<code>` (the single-use code the app
 * confirms with the server) or `?drive_error=`. The app shell calls `useDriveReturn(openSettings)`: the parameters are
 * taken off the address, the Settings modal opens, and its Integrations tab picks the outcome up once
 * (`useTakeDriveReturn`) — also when it is already open (the app's connect leaves it open behind the browser).
 */
export type DriveReturn = {
  connected: boolean;
  error: string | null;
  /** The phone app's result code, to confirm (POST /api/drive/connect/confirm). */
  result: string | null;
  /** The app path Google sent the browser back to. */
  path: string;
};

const PARAMS = ['drive', 'drive_error', 'drive_result'] as const;
let pending: DriveReturn | null = null;
const listeners = new Set<() => void>();

export function readDriveReturn(search: string, path = '/'): DriveReturn | null {
  const q = new URLSearchParams(search);
  const connected = q.get('drive') === 'connected';
  const error = q.get('drive_error');
  const result = q.get('drive_result');
  return connected || error || result ? { connected, error, result, path } : null;
}

/** Whether a return from Google waits for the Integrations tab (the Settings modal then opens on that tab). */
export const hasDriveReturn = () => pending !== null;

/** The return from Google, once. */
export function takeDriveReturn(): DriveReturn | null {
  const value = pending;
  pending = null;
  return value;
}

/** The Integrations tab's return from Google: the one waiting when it opens, then any that arrives while it is open. */
export function useTakeDriveReturn(): DriveReturn | null {
  const [back, setBack] = useState(takeDriveReturn);
  useEffect(() => {
    const take = () => {
      const value = takeDriveReturn();
      if (value) setBack(value);
    };
    listeners.add(take);
    return () => void listeners.delete(take);
  }, []);
  return back;
}

export function useDriveReturn(openSettings: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const back = readDriveReturn(location.search, location.pathname);
    if (!back) return;
    pending = back;
    const q = new URLSearchParams(location.search);
    for (const name of PARAMS) q.delete(name);
    const search = q.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    openSettings();
    for (const take of listeners) take();
  }, [location.search, location.pathname, navigate, openSettings]);
}
