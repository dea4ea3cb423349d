import { recordingEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { fakeRecordingsApi, installRecorderPlugin, makeRecording, renderRecordingsScreen } from './recordings-screen-fixtures';

let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  api = fakeRecordingsApi();
});
afterEach(() => {
  toast.remove(); // the toast store outlives a test's render
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { Capacitor?: unknown }).Capacitor;
  expect(api.problems).toEqual([]);
});

describe('RecordingsScreen inside the mobile app', () => {
  it('records through the recorder plugin (start, stop, then the list refreshes) and hands it the group id', async () => {
    const plugin = installRecorderPlugin();
    renderRecordingsScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('No recordings yet. Record with your microphone or upload a call.')).toBeTruthy();
    // In the app the browser-only notice is not shown.
    expect(screen.queryByText('Recorder is only available in the mobile app.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(plugin.startManualRecording).toHaveBeenCalledTimes(1);
    const listReads = () => api.calls(recordingEndpoints.list).length;
    const before = listReads();
    await user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    expect(plugin.stopManualRecording).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));

    await user.type(screen.getByLabelText('Group id'), 'crew-7');
    await user.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(plugin.addGroupToRecord).toHaveBeenCalledWith({ groupId: 'crew-7' });
    // The field says where new recordings go (a toast says it too).
    expect(await screen.findByText('New recordings go to group crew-7', { selector: 'p' })).toBeTruthy();
  });

  it('in a browser it says the recorder is the mobile app’s, and records with the microphone instead', async () => {
    renderRecordingsScreen();
    expect(await screen.findByText('Recorder is only available in the mobile app.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeTruthy();
  });
});

describe('RecordingsScreen paging', () => {
  const TOTAL = 230;
  const calls = Array.from({ length: TOTAL }, (_, i) => makeRecording(i + 1, `call-${String(i + 1).padStart(3, '0')}.m4a`));

  it('Load More Recordings reaches calls past the newest 200 (pages of at most 200), and the count says all', async () => {
    // Pages as the server does; the contract's query schema refuses more than 200 a page (a 400), as the server does.
    api = fakeRecordingsApi(calls);
    renderRecordingsScreen();
    const user = userEvent.setup();
    expect(await screen.findByRole('article', { name: 'call-001.m4a' })).toBeTruthy();
    expect(screen.getByText('230 recordings')).toBeTruthy();
    while (screen.queryByRole('button', { name: 'Load More Recordings' })) {
      const shown = screen.getAllByTestId('recording').length;
      await user.click(screen.getByRole('button', { name: 'Load More Recordings' }));
      await waitFor(() => expect(screen.getAllByTestId('recording').length).toBeGreaterThan(shown));
    }
    expect(screen.getAllByTestId('recording')).toHaveLength(TOTAL);
    expect(screen.getByRole('article', { name: 'call-230.m4a' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete call-230.m4a' })).toBeTruthy();
    expect(api.calls(recordingEndpoints.list).every((r) => r.query.limit <= 200)).toBe(true);
  }, 60_000); // 230 calls rendered in happy-dom take a while; the paging itself is instant.
});
