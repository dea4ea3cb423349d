import { describe, expect, it } from 'vitest';
import { readDriveReturn } from './drive-return';

describe('readDriveReturn', () => {
  it('reads the outcome the server’s callback put in the address', () => {
    expect(readDriveReturn('?drive=connected', '/jobs')).toEqual({ connected: true, error: null, result: null, path: '/jobs' });
    expect(readDriveReturn('?drive_error=Failed+to+connect+to+Google+Drive%3A+access_denied')).toEqual({ connected: false, error: 'Failed to connect to Google Drive: access_denied', result: null, path: '/' });
    expect(readDriveReturn('?tab=x')).toBeNull();
  });

  it('reads the phone app’s result code (app/app-links.ts puts it there from fieldbook://drive-connected)', () => {
    expect(readDriveReturn('?drive_result=AbC_-123456789', '/jobs')).toEqual({ connected: false, error: null, result: 'AbC_-123456789', path: '/jobs' });
  });
});
