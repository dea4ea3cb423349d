import { describe, expect, it } from 'vitest';
import { DRIVE_RETURN_ERRORS } from '@fieldbook/contract';
import { DRIVE_RETURN_ERROR_TEXTS, readDriveReturn } from './drive-return';

describe('readDriveReturn', () => {
  it('reads the outcome the server’s callback put in the address', () => {
    expect(readDriveReturn('?drive=connected', '/jobs')).toEqual({ connected: true, error: null, result: null, path: '/jobs' });
    expect(readDriveReturn('?drive_error=access_denied')).toEqual({ connected: false, error: DRIVE_RETURN_ERROR_TEXTS.access_denied, result: null, path: '/' });
    expect(readDriveReturn('?drive_error=unknown_request', '/jobs')).toEqual({ connected: false, error: 'Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.', result: null, path: '/jobs' });
    // Every code the server sends has its text.
    for (const code of DRIVE_RETURN_ERRORS) expect(readDriveReturn(`?drive_error=${code}`)?.error).toBe(DRIVE_RETURN_ERROR_TEXTS[code]);
    expect(readDriveReturn('?tab=x')).toBeNull();
  });

  it('shows only the app’s own text for a known error code: words put in the address are never shown', () => {
    for (const planted of [
      'Your Google account is suspended. Call 1-800-555-0100 to restore it.',
      'Failed to connect to Google Drive: access_denied',
      'constructor',
      '__proto__',
      'toString',
      '',
    ]) {
      expect(readDriveReturn(`?drive_error=${encodeURIComponent(planted)}`), planted).toBeNull();
    }
  });

  it('reads the phone app’s result code (app/app-links.ts puts it there from fieldbook://drive-connected)', () => {
    expect(readDriveReturn('?drive_result=AbC_-123456789', '/jobs')).toEqual({ connected: false, error: null, result: 'AbC_-123456789', path: '/jobs' });
  });
});
