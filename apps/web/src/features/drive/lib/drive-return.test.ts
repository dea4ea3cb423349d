import { describe, expect, it } from 'vitest';
import { readDriveReturn } from './drive-return';

describe('readDriveReturn', () => {
  it('reads the outcome the server’s callback put in the address', () => {
    expect(readDriveReturn('?drive=connected', '/jobs')).toEqual({ connected: true, error: null, path: '/jobs' });
    expect(readDriveReturn('?drive_error=Failed+to+connect+to+Google+Drive%3A+access_denied')).toEqual({ connected: false, error: 'Failed to connect to Google Drive: access_denied', path: '/' });
    expect(readDriveReturn('?tab=x')).toBeNull();
  });
});
