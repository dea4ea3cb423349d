import { CallRecorder, callRecorderAvailability, DEFAULT_CALL_RECORDER_SETTINGS, RECORDER_SETTINGS_STORAGE_KEY } from '@fieldbook/call-recorder';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone, removeFakeMicrophone, type FakeMicrophone } from '../../../test/fake-microphone';

/**
 * @fieldbook/call-recorder in a browser: registerPlugin's web implementation (CallRecorderWeb, MediaRecorder). The
 * native side is pinned by e2e/recorder-bridge.spec.ts over a fake bridge.
 */

const USER_ID = '6f1c1d1e-0000-4000-8000-00000000a11c';

let mic: FakeMicrophone;

beforeEach(() => {
  localStorage.clear();
  mic = installFakeMicrophone('prompt');
});
afterEach(() => removeFakeMicrophone());

describe('the call recorder in a browser', () => {
  it('is the web implementation: no Call Recorder tab, no sync service', async () => {
    expect(callRecorderAvailability()).toBe('web');
    expect(await CallRecorder.initialize()).toEqual({ initialized: true });
  });

  it('records with the microphone: stop gives the audio back for upload, named with the user’s id, and keeps no copy', async () => {
    await CallRecorder.startManualRecording({ groupId: 'crew-7', userId: USER_ID });
    await expect(CallRecorder.startManualRecording()).rejects.toThrow('A recording is already running');
    const { recording, file } = await CallRecorder.stopManualRecording();
    expect(file).toBeInstanceOf(Blob);
    expect(file!.size).toBeGreaterThan(0);
    expect(recording).toMatchObject({ groupId: 'crew-7', size: file!.size, mimeType: 'audio/webm;codecs=opus' });
    expect(recording.name).toMatch(new RegExp(`^manual_\\d{8}_\\d{6}_${USER_ID}\\.webm$`));
    expect(mic.tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true); // the microphone is released
    await expect(CallRecorder.stopManualRecording()).rejects.toThrow('No recording is running');
  });

  it('keeps nothing once a recording is handed back: a page open all day holds none in memory (the app uploads it)', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 3; i++) {
      await CallRecorder.startManualRecording({ groupId: 'crew-7' });
      paths.push((await CallRecorder.stopManualRecording()).recording.path);
    }
    // What the web implementation says of its recordings matches: none listed, none to play or delete.
    expect((await CallRecorder.getRecordings()).recordings).toEqual([]);
    for (const path of paths) {
      await expect(CallRecorder.playRecording({ path })).rejects.toThrow('Recording not found');
      await expect(CallRecorder.deleteRecording({ path })).rejects.toThrow('Recording not found');
    }
    await CallRecorder.stopRecording();
  });

  it('names a manual recording with the user id only when it is one (letters, digits and -)', async () => {
    await CallRecorder.startManualRecording({ userId: '../../x y' });
    expect((await CallRecorder.stopManualRecording()).recording.name).toMatch(/^manual_\d{8}_\d{6}\.webm$/);
    await CallRecorder.startManualRecording();
    expect((await CallRecorder.stopManualRecording()).recording.name).toMatch(/^manual_\d{8}_\d{6}\.webm$/);
  });

  it('a stop while the microphone prompt is open gives the microphone back when it arrives; nothing is recorded', async () => {
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => (grant = resolve));
    mic.getUserMedia.mockImplementationOnce(async () => {
      await granted;
      return mic.openStream();
    });
    const starting = CallRecorder.startManualRecording();
    await vi.waitFor(() => expect(mic.getUserMedia).toHaveBeenCalled());
    await expect(CallRecorder.stopManualRecording()).rejects.toThrow('No recording is running');
    grant();
    await expect(starting).rejects.toThrow('Recording cancelled');
    expect(mic.tracks[0]!.stop).toHaveBeenCalled();
    expect((await CallRecorder.getRecordings()).recordings).toEqual([]);
  });

  it('permissions: the microphone from the Permissions API; asking opens it once and closes it; refused is denied', async () => {
    expect(await CallRecorder.checkPermissions()).toMatchObject({ microphone: 'prompt', audioFiles: 'granted' });
    expect(await CallRecorder.requestPermissions({ permissions: ['microphone'] })).toMatchObject({ microphone: 'granted' });
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);
    expect(mic.tracks[0]!.stop).toHaveBeenCalled();

    mic.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    expect(await CallRecorder.requestPermissions({ permissions: ['microphone'] })).toMatchObject({ microphone: 'denied' });

    mic.permission = 'granted';
    expect((await CallRecorder.checkPermissions()).microphone).toBe('granted');
  });

  it('settings live in localStorage under callRecorderSettings (spec 001 §3), with the spec’s defaults', async () => {
    expect((await CallRecorder.getSettings()).settings).toEqual(DEFAULT_CALL_RECORDER_SETTINGS);
    await CallRecorder.saveSettings({ settings: { ...DEFAULT_CALL_RECORDER_SETTINGS, audioQuality: 'high' } });
    expect(JSON.parse(localStorage.getItem(RECORDER_SETTINGS_STORAGE_KEY)!)).toMatchObject({ audioQuality: 'high' });
    await CallRecorder.addGroupToRecord({ groupId: 'crew-9' });
    expect((await CallRecorder.getSettings()).settings).toMatchObject({ audioQuality: 'high', lastGroupId: 'crew-9' });
  });
});
