import { isDriveReturnError, type DriveReturnError } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Google sends the browser back to the server's callback, which redirects into the app with `?drive=connected` or
 * `?drive_error=<code>`. In the phone app the consent ran in the system browser: the callback sends it to
 * `fieldbook://drive-connected`, which app/app-links.ts maps to `?drive_result=<code>` (the single-use code the app
 * confirms with the server) or `?drive_error=<code>`. An error is shown as the app's own text for its code
 * (DRIVE_RETURN_ERRORS): anyone can make a link to the app with `?drive_error=…`, and what they write there is never
 * shown — a code the app does not know is dropped. The app shell calls `useDriveReturn(openSettings)`: the parameters are
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

/** What Settings says for each code the server's callback sends (DRIVE_RETURN_ERRORS); nothing else is ever shown. */
export const DRIVE_RETURN_ERROR_TEXTS: Record<DriveReturnError, string> = {
  unknown_request: 'Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.',
  access_denied: 'Failed to connect to Google Drive: access was not allowed on Google’s consent page.',
  consent_failed: 'Failed to connect to Google Drive: Google did not complete the sign-in. Please try again.',
  auth_failed: 'Failed to authenticate with Google Drive: Google did not accept the sign-in. Please try again.',
  not_configured: 'Google Drive is not configured on this server',
};

/** The text for a `drive_error` code; null for anything else (ignored). */
const driveReturnErrorText = (code: string | null): string | null => (isDriveReturnError(code) ? DRIVE_RETURN_ERROR_TEXTS[code] : null);
let pending: DriveReturn | null = null;
const listeners = new Set<() => void>();

export function readDriveReturn(search: string, path = '/'): DriveReturn | null {
  const q = new URLSearchParams(search);
  const connected = q.get('drive') === 'connected';
  const error = driveReturnErrorText(q.get('drive_error'));
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
    const q = new URLSearchParams(location.search);
    // An error code the app does not know is taken off the address too, and nothing opens.
    if (!back && !q.has('drive_error')) return;
    if (back) pending = back;
    for (const name of PARAMS) q.delete(name);
    const search = q.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    if (!back) return;
    openSettings();
    for (const take of listeners) take();
  }, [location.search, location.pathname, navigate, openSettings]);
}
