import { DEFAULT_RECORDING_CONSENT_NOTICE, recordingEndpoints, workspaceEndpoints } from '@fieldbook/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { ALL_GRANTED, installFakeRecorder, resetFakeRecorder } from '../../../test/fake-call-recorder';
import { FakeMediaRecorder, installFakeMicrophone, removeFakeMicrophone, type FakeMicrophone } from '../../../test/fake-microphone';
import { TEST_USER } from '../../../test/render';
import { fakeRecordingsApi, makeRecording, renderRecordingsScreen } from './recordings-screen-fixtures';

vi.mock('@fieldbook/call-recorder', async (original) => (await import('../../../test/fake-call-recorder')).mockCallRecorderModule(await original()));

let api: FakeApi;
/** The recordings the screen uploaded (the multipart `file` of each POST /api/recordings). */
const uploads = () => api.calls(recordingEndpoints.upload).map((r) => r.form?.get('file') as File);

/** Start Recording, then the consent notice confirmed (issue 26): the recorder starts only after that. */
const startRecording = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
  await user.click(await screen.findByRole('button', { name: 'I have told the other party' }));
};

let mic: FakeMicrophone;

beforeEach(() => {
  localStorage.clear();
  mic = installFakeMicrophone('granted');
  api = fakeRecordingsApi().on(recordingEndpoints.upload, ({ form }) => makeRecording(1, (form?.get('file') as File).name, { transcription_status: 'pending', transcript: null }));
});
afterEach(() => {
  toast.remove();
  cleanup();
  removeFakeMicrophone();
  resetFakeRecorder();
  expect(api.problems).toEqual([]);
});

describe('Manual recording with the microphone', () => {
  it('leaving the page while recording stops it, uploads what was recorded once, and releases the microphone', async () => {
    const page = renderRecordingsScreen();
    const user = userEvent.setup();
    await startRecording(user);
    expect(await screen.findByRole('button', { name: 'Stop Recording' })).toBeTruthy();
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);

    page.unmount(); // the user clicks JOBS: the route changes and the page goes

    await waitFor(() => expect(uploads()).toHaveLength(1));
    const [file] = uploads();
    expect(file!.size).toBeGreaterThan(0);
    // Named with the signed-in user's id (the recorder's contract: a shared phone's other users leave it alone).
    expect(file!.name).toMatch(new RegExp(`^manual_\\d{8}_\\d{6}_${TEST_USER.id}\\.webm$`));
    expect(mic.tracks).toHaveLength(1);
    expect(mic.tracks[0]!.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances.every((r) => r.state === 'inactive')).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(uploads()).toHaveLength(1);
  });

  it('leaving before the microphone was granted releases it as soon as it arrives, and records nothing', async () => {
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => (grant = resolve));
    mic.getUserMedia.mockImplementation(async () => {
      await granted;
      return mic.openStream();
    });
    const page = renderRecordingsScreen();
    const user = userEvent.setup();
    await startRecording(user);
    page.unmount();
    await act(async () => grant());
    await waitFor(() => expect(mic.tracks).toHaveLength(1));
    await waitFor(() => expect(mic.tracks[0]!.stop).toHaveBeenCalled());
    expect(FakeMediaRecorder.instances.filter((r) => r.state === 'recording')).toHaveLength(0);
  });

  it('a second Start while one is starting opens no second microphone stream', async () => {
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => (grant = resolve));
    mic.getUserMedia.mockImplementation(async () => {
      await granted;
      return mic.openStream();
    });
    renderRecordingsScreen();
    const user = userEvent.setup();
    const start = await screen.findByRole('button', { name: 'Start Recording' });
    await startRecording(user);
    await user.click(start); // impatient: the permission prompt is still open
    // No second notice either (the confirmed one closes).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you record' })).toBeNull());
    await act(async () => grant());
    const stop = await screen.findByRole('button', { name: 'Stop Recording' });
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);
    expect(FakeMediaRecorder.instances).toHaveLength(1);

    await user.click(stop);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(mic.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Start Recording' })).toBeTruthy();
  });

  it('closing the tab while recording asks first (the browser’s leave-page prompt)', async () => {
    renderRecordingsScreen();
    const user = userEvent.setup();
    const idle = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(idle);
    expect(idle.defaultPrevented).toBe(false);
    await startRecording(user);
    await screen.findByRole('button', { name: 'Stop Recording' });
    const recording = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(recording);
    expect(recording.defaultPrevented).toBe(true);
  });
});

describe('Before a recording starts: permissions and the consent notice', () => {
  it('asks for the microphone when it is not granted yet, and says so when refused: nothing is recorded', async () => {
    mic.permission = 'prompt';
    mic.getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    expect(await screen.findByText('Failed to request permissions')).toBeTruthy();
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1); // the browser's prompt
    expect(screen.queryByRole('dialog', { name: 'Before you record' })).toBeNull();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeTruthy();
  });

  it('shows the workspace’s notice before recording; Cancel records nothing, confirming starts the recording', async () => {
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    const notice = await screen.findByRole('dialog', { name: 'Before you record' });
    expect(notice.textContent).toContain('Tell the homeowner this call is recorded. Texas and Florida crews: everyone must agree.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you record' })).toBeNull());
    expect(mic.getUserMedia).not.toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeTruthy();

    // Escape is a Cancel too: never a recording without the confirmation.
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    await screen.findByRole('dialog', { name: 'Before you record' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you record' })).toBeNull());
    expect(FakeMediaRecorder.instances).toHaveLength(0);

    await startRecording(user);
    expect(await screen.findByRole('button', { name: 'Stop Recording' })).toBeTruthy();
    expect(FakeMediaRecorder.instances).toHaveLength(1);
  });

  it('without the workspace’s notice (the request failed) the default notice is shown, never none', async () => {
    api.on(workspaceEndpoints.recordingConsent, apiError(500, 'INTERNAL', 'down'));
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    const notice = await screen.findByRole('dialog', { name: 'Before you record' });
    expect(notice.textContent).toContain(DEFAULT_RECORDING_CONSENT_NOTICE);
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });
});

describe('Manual recording inside the mobile app', () => {
  it('requires all recorder permissions (spec 001 §5): phone state, call log and notifications are asked for too, and one refused stops the start', async () => {
    const plugin = installFakeRecorder();
    plugin.checkPermissions.mockResolvedValue({ ...ALL_GRANTED, phoneState: 'prompt', callLog: 'prompt', notifications: 'prompt' });
    plugin.requestPermissions.mockResolvedValueOnce({ ...ALL_GRANTED, callLog: 'denied' }).mockResolvedValueOnce(ALL_GRANTED);
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Recording' }));
    expect(await screen.findByText('Failed to request permissions')).toBeTruthy();
    expect(plugin.requestPermissions).toHaveBeenCalledWith({ permissions: ['microphone', 'phoneState', 'callLog', 'audioFiles', 'contacts', 'notifications'] });
    expect(plugin.startManualRecording).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Before you record' })).toBeNull();

    // Granted on the second ask: the consent notice, then the recording.
    await startRecording(user);
    expect(await screen.findByRole('button', { name: 'Stop Recording' })).toBeTruthy();
    expect(plugin.requestPermissions).toHaveBeenCalledTimes(2);
    expect(plugin.startManualRecording).toHaveBeenCalledTimes(1);
  });

  it('the browser’s recorder waits only for the microphone: its other permissions answer granted', async () => {
    const { CallRecorder } = await import('@fieldbook/call-recorder');
    expect(await CallRecorder.checkPermissions()).toEqual({ ...ALL_GRANTED, microphone: 'granted' });
    mic.permission = 'prompt';
    expect(await CallRecorder.checkPermissions()).toEqual({ ...ALL_GRANTED, microphone: 'prompt' });
  });

  it('a failed Stop says it could not stop (not "Failed to start recording") and keeps offering Stop', async () => {
    const plugin = installFakeRecorder();
    plugin.stopManualRecording.mockRejectedValue(new Error('recorder busy'));
    renderRecordingsScreen();
    const user = userEvent.setup();
    await startRecording(user);
    await user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    expect(await screen.findByText('Failed to stop recording')).toBeTruthy();
    expect(screen.queryByText('Failed to start recording')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop Recording' })).toBeTruthy();
  });

  it('leaving the page while the plugin records stops it (the app’s sync service uploads the file)', async () => {
    const plugin = installFakeRecorder();
    const page = renderRecordingsScreen();
    const user = userEvent.setup();
    await startRecording(user);
    await screen.findByRole('button', { name: 'Stop Recording' });
    page.unmount();
    expect(plugin.stopManualRecording).toHaveBeenCalledTimes(1);
  });
});
