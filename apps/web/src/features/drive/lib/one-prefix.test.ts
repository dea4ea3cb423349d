import { describe, expect, it } from 'vitest';
import { onePrefix } from './one-prefix';

describe('onePrefix', () => {
  it('adds the prefix to a bare reason and leaves a message that has it alone', () => {
    expect(onePrefix('Failed to disconnect from Google Drive', 'revoke unreachable')).toBe('Failed to disconnect from Google Drive: revoke unreachable');
    expect(onePrefix('Failed to disconnect from Google Drive', 'Failed to disconnect from Google Drive: revoke unreachable')).toBe('Failed to disconnect from Google Drive: revoke unreachable');
    expect(onePrefix('Download failed', 'Download failed (quota)', (r) => `Download failed: 503 (${r})`)).toBe('Download failed (quota)');
    expect(onePrefix('Download failed', 'quota', (r) => `Download failed: 503 (${r})`)).toBe('Download failed: 503 (quota)');
  });
});
