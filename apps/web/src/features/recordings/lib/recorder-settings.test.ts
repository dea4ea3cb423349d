import { DEFAULT_RECORDER_SETTINGS } from '@fieldbook/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLocalRecorderSettings, unsyncedRecorderSettings } from './recorder-settings';

const ME = '00000000-0000-4000-8000-00000000000a';
const SOMEONE_ELSE = '00000000-0000-4000-8000-00000000000b';
const changed = { ...DEFAULT_RECORDER_SETTINGS, recordUnknown: false, blacklistNumbers: ['5125550000'] };

afterEach(() => localStorage.clear());

describe('recorder settings kept in this browser', () => {
  it('a copy the data store did not take wins for its user until a save succeeds', () => {
    saveLocalRecorderSettings(changed, { synced: false, userId: ME });
    expect(unsyncedRecorderSettings(ME)).toEqual(changed);
    saveLocalRecorderSettings(changed, { synced: true, userId: ME });
    expect(unsyncedRecorderSettings(ME)).toBeNull();
  });

  it('another user signing in on this browser does not get it (their numbers are theirs)', () => {
    saveLocalRecorderSettings(changed, { synced: false, userId: ME });
    expect(unsyncedRecorderSettings(SOMEONE_ELSE)).toBeNull();
  });
});
