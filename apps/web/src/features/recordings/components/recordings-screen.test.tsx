import { recordingEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { TEST_USER } from '../../../test/render';
import { deviceRecording, installFakeRecorder, resetFakeRecorder } from '../../../test/fake-call-recorder';
import { fakeRecordingsApi, makeRecording, renderRecordingsScreen } from './recordings-screen-fixtures';

vi.mock('@fieldbook/call-recorder', async (original) => (await import('../../../test/fake-call-recorder')).mockCallRecorderModule(await original()));

let api: FakeApi;
const renderWithSync = () => renderRecordingsScreen('/recordings', { withSync: true });

beforeEach(() => {
  localStorage.clear();
  api = fakeRecordingsApi();
});
afterEach(() => {
  toast.remove(); // the toast store outlives a test's render
  cleanup();
  vi.unstubAllGlobals();
  resetFakeRecorder();
  expect(api.problems).toEqual([]);
});

describe('RecordingsScreen inside the mobile app', () => {
  it('records through the recorder plugin (permissions, notice, start with the group, stop, then the list refreshes); Add Group goes to the plugin', async () => {
    const plugin = installFakeRecorder();
    renderRecordingsScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('No recordings yet. Record with your microphone or upload a call.')).toBeTruthy();
    // In the app the browser-only notice is not shown.
    expect(screen.queryByText('Recorder is only available in the mobile app.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await user.click(await screen.findByRole('button', { name: 'I have told the other party' }));
    await waitFor(() => expect(plugin.startManualRecording).toHaveBeenCalledTimes(1));
    expect(plugin.checkPermissions).toHaveBeenCalledTimes(1);
    expect(plugin.requestPermissions).not.toHaveBeenCalled(); // all granted already
    // With the user's id: the recorder names the recording with it (a shared phone's other users leave it alone).
    expect(plugin.startManualRecording).toHaveBeenCalledWith({ groupId: 'default', userId: TEST_USER.id });
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

  it('asks for the permissions it lacks before recording; refused: "Failed to request permissions", no notice, no recording', async () => {
    const plugin = installFakeRecorder();
    const denied = { microphone: 'denied', phoneState: 'granted', callLog: 'granted', audioFiles: 'granted', contacts: 'prompt', notifications: 'granted' } as const;
    plugin.checkPermissions.mockResolvedValue({ ...denied, microphone: 'prompt' });
    plugin.requestPermissions.mockResolvedValue(denied);
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    expect(await screen.findByText('Failed to request permissions')).toBeTruthy();
    // Spec 001 §5: a manual recording requires all recorder permissions (issue 32 item 12), so all are asked for.
    expect(plugin.requestPermissions).toHaveBeenCalledWith({ permissions: ['microphone', 'phoneState', 'callLog', 'audioFiles', 'contacts', 'notifications'] });
    expect(plugin.checkPermissions.mock.invocationCallOrder[0]).toBeLessThan(plugin.requestPermissions.mock.invocationCallOrder[0]!);
    expect(screen.queryByRole('dialog', { name: 'Before you record' })).toBeNull();
    expect(plugin.startManualRecording).not.toHaveBeenCalled();
  });

  it('hands a stopped recording to the sync service, which uploads it once with the device recording’s key', async () => {
    const plugin = installFakeRecorder();
    const recording = deviceRecording(7, { name: 'manual_20261120_100007.m4a' });
    plugin.stopManualRecording.mockResolvedValue({ recording });
    api.on(recordingEndpoints.upload, ({ form }) => makeRecording(7, (form?.get('file') as File).name));
    renderWithSync();
    const user = userEvent.setup();
    await waitFor(() => expect(plugin.getRecordings).toHaveBeenCalled());
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    await user.click(await screen.findByRole('button', { name: 'I have told the other party' }));
    await user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    await waitFor(() => expect(api.calls(recordingEndpoints.upload)).toHaveLength(1));
    const form = api.calls(recordingEndpoints.upload)[0]!.form!;
    expect((form.get('file') as File).name).toBe('manual_20261120_100007.m4a');
    expect(form.get('upload_key')).toMatch(/^device-[0-9a-f]{64}$/);
    expect(await screen.findByText('1 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
  });

  it('without a running sync service a stopped recording says "Sync service is not available."', async () => {
    const plugin = installFakeRecorder();
    renderRecordingsScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('Sync service is not available.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    await user.click(await screen.findByRole('button', { name: 'I have told the other party' }));
    await user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    expect(plugin.stopManualRecording).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByText('Sync service is not available.')).toHaveLength(2);
    expect(api.calls(recordingEndpoints.upload)).toHaveLength(0);
  });

  it('in the app without the native plugin it says so and records nothing', async () => {
    const plugin = installFakeRecorder('missing');
    renderRecordingsScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('Call Recorder plugin is not available in this environment.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(await screen.findAllByText('Call Recorder plugin is not available in this environment.')).toHaveLength(2);
    expect(plugin.checkPermissions).not.toHaveBeenCalled();
    expect(plugin.startManualRecording).not.toHaveBeenCalled();
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
