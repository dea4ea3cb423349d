import { recordingEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { deviceRecording, installFakeRecorder, RECORDER_USER_ID, resetFakeRecorder, type FakeRecorder } from '../../../test/fake-call-recorder';
import { TEST_USER } from '../../../test/render';
import { fakeRecordingsApi, makeRecording, renderRecordingsScreen } from './recordings-screen-fixtures';

vi.mock('@fieldbook/call-recorder', async (original) => (await import('../../../test/fake-call-recorder')).mockCallRecorderModule(await original()));

let api: FakeApi;
let plugin: FakeRecorder;
const uploadedNames = () => api.calls(recordingEndpoints.upload).map((r) => (r.form?.get('file') as File).name);

beforeEach(() => {
  localStorage.clear();
  plugin = installFakeRecorder();
  let n = 0;
  api = fakeRecordingsApi().on(recordingEndpoints.upload, ({ form }) => makeRecording(++n, (form?.get('file') as File).name));
});
afterEach(() => {
  toast.remove();
  cleanup();
  resetFakeRecorder();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('the call recorder in the mobile app (CallRecorderSync with the Recordings page)', () => {
  it('initializes the recorder when the app opens, then uploads each recording on the phone once, and the page shows the counts', async () => {
    plugin.getRecordings.mockResolvedValue({ recordings: [deviceRecording(1), deviceRecording(2)] });
    renderRecordingsScreen('/recordings', { withSync: true });
    await waitFor(() => expect(uploadedNames()).toHaveLength(2));
    expect(plugin.initialize).toHaveBeenCalledTimes(1);
    expect(plugin.initialize.mock.invocationCallOrder[0]).toBeLessThan(plugin.getRecordings.mock.invocationCallOrder[0]!);
    expect(uploadedNames()).toEqual([deviceRecording(1).name, deviceRecording(2).name]);
    expect(await screen.findByText('2 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();

    // Refresh asks the phone again: nothing is uploaded twice; a new recording the recorder announces is.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(plugin.getRecordings).toHaveBeenCalledTimes(2));
    plugin.emit('recordingAdded', { recording: deviceRecording(3) });
    await waitFor(() => expect(uploadedNames()).toHaveLength(3));
    expect(await screen.findByText('3 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
    expect(new Set(api.calls(recordingEndpoints.upload).map((r) => r.form?.get('upload_key'))).size).toBe(3);
  });

  it('a recording deleted outside the app leaves "On this phone" at Refresh (the plugin’s list decides), and stays gone after a reopen', async () => {
    plugin.getRecordings.mockResolvedValue({ recordings: [deviceRecording(1), deviceRecording(2)] });
    const first = renderRecordingsScreen('/recordings', { withSync: true });
    expect(await screen.findByText('2 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
    expect(screen.getAllByTestId('device-recording')).toHaveLength(2);

    // The phone's file manager deletes recording 2.
    plugin.getRecordings.mockResolvedValue({ recordings: [deviceRecording(1)] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('1 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
    expect(screen.getAllByTestId('device-recording').map((row) => row.getAttribute('aria-label'))).toEqual([deviceRecording(1).name]);
    first.unmount();

    // The app reopened: nothing kept brings it back.
    renderRecordingsScreen('/recordings', { withSync: true });
    expect(await screen.findByText('1 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
    expect(screen.getAllByTestId('device-recording').map((row) => row.getAttribute('aria-label'))).toEqual([deviceRecording(1).name]);
  });

  it('a shared phone: the recorder learns who is signed in, and only this user’s recordings are uploaded from its list', async () => {
    const other = '0b7e7c6a-0000-4000-8000-0000000000b2';
    expect(RECORDER_USER_ID).toBe(TEST_USER.id);
    plugin.getRecordings.mockResolvedValue({
      recordings: [
        deviceRecording(1),
        deviceRecording(2, { name: `outgoing_20261120_100002_5125550100_${other}.m4a` }),
        // Another user's manual recordings: one named with their id, one by a recorder that named none.
        deviceRecording(3, { name: `manual_20261120_100003_${other}.m4a` }),
        deviceRecording(4, { name: 'manual_20261120_100004.m4a' }),
        deviceRecording(5, { name: `manual_20261120_100005_${TEST_USER.id}.m4a` }),
      ],
    });
    renderRecordingsScreen('/recordings', { withSync: true });
    await waitFor(() => expect(uploadedNames()).toHaveLength(2));
    expect(plugin.initialize).toHaveBeenCalledWith({ userId: TEST_USER.id });
    expect(uploadedNames()).toEqual([deviceRecording(1).name, `manual_20261120_100005_${TEST_USER.id}.m4a`]);
    expect(await screen.findByText('2 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
    // The others are not listed as this user's either.
    expect(screen.getAllByTestId('device-recording')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 30));
    expect(uploadedNames()).toHaveLength(2);
  });

  it('a failed initialize says "Failed to initialize recorder", and the page "Sync service is not available."', async () => {
    plugin.initialize.mockRejectedValue(new Error('no audio service'));
    renderRecordingsScreen('/recordings', { withSync: true });
    expect(await screen.findByText('Failed to initialize recorder')).toBeTruthy();
    expect(screen.getByText('Sync service is not available.')).toBeTruthy();
    expect(plugin.getRecordings).not.toHaveBeenCalled();
  });

  it('plays, stops and deletes a recording on the phone through the plugin', async () => {
    plugin.getRecordings.mockResolvedValue({ recordings: [deviceRecording(1)] });
    renderRecordingsScreen('/recordings', { withSync: true });
    const user = userEvent.setup();
    const row = await screen.findByTestId('device-recording');
    await user.click(within(row).getByRole('button', { name: `Play ${deviceRecording(1).name}` }));
    expect(plugin.playRecording).toHaveBeenCalledWith({ path: '/data/recordings/1.m4a' });
    await user.click(within(row).getByRole('button', { name: `Stop ${deviceRecording(1).name}` }));
    expect(plugin.stopRecording).toHaveBeenCalledTimes(1);

    plugin.playRecording.mockRejectedValueOnce(new Error('codec'));
    await user.click(within(row).getByRole('button', { name: `Play ${deviceRecording(1).name}` }));
    expect(await screen.findByText('Failed to play recording')).toBeTruthy();

    await waitFor(() => expect(uploadedNames()).toHaveLength(1));
    await user.click(within(row).getByRole('button', { name: `Delete ${deviceRecording(1).name} from this phone` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete from this phone' });
    expect(dialog.textContent).toContain('The uploaded copy stays in Fieldbook.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(plugin.deleteRecording).toHaveBeenCalledWith({ path: '/data/recordings/1.m4a' }));
    expect(await screen.findByText('No recordings on this phone yet.')).toBeTruthy();
    expect(screen.getByText('1 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
  });

  it('a refused upload shows as failed with the server’s reason; Retry uploads sends it again', async () => {
    plugin.getRecordings.mockResolvedValue({ recordings: [deviceRecording(1)] });
    const { apiError } = await import('../../../test/fake-api');
    api.on(recordingEndpoints.upload, apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported file type'), ({ form }) => makeRecording(1, (form?.get('file') as File).name));
    renderRecordingsScreen('/recordings', { withSync: true });
    expect(await screen.findByText('Unsupported file type')).toBeTruthy();
    expect(screen.getByText('0 uploaded · 0 waiting · 0 uploading · 1 failed')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry uploads' }));
    expect(await screen.findByText('1 uploaded · 0 waiting · 0 uploading · 0 failed')).toBeTruthy();
    expect(api.calls(recordingEndpoints.upload)).toHaveLength(2);
  });
});
