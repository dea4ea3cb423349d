import { WebPlugin, type PermissionState } from '@capacitor/core';
import {
  DEFAULT_CALL_RECORDER_SETTINGS,
  manualRecordingName,
  RECORDER_PERMISSIONS,
  RECORDER_SETTINGS_STORAGE_KEY,
  type AddGroupOptions,
  type CallRecorderPlugin,
  type CallRecorderSettings,
  type DeviceRecording,
  type GetRecordingsResult,
  type GetSettingsResult,
  type InitializeOptions,
  type InitializeResult,
  type RecorderPermissionStatus,
  type RecordingPathOptions,
  type RequestPermissionsOptions,
  type SaveSettingsOptions,
  type StartManualRecordingOptions,
  type StopManualRecordingResult,
} from './definitions';

const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

const release = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());

type Running = { recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; groupId: string | null; userId: string | null; mimeType: string };

/**
 * The browser's call recorder: manual (speakerphone) recording with the microphone through MediaRecorder — a browser
 * cannot record calls. stopManualRecording hands the audio back (`file`) for the app to upload and keeps no copy: a
 * page open all day holds no recording in memory after it was handed over (the app uploads it, or its offline queue
 * keeps it in IndexedDB). So getRecordings lists none, and play and delete find none ('Recording not found'); the app
 * plays uploaded recordings from the server. Settings live in localStorage under `callRecorderSettings` (spec 001 §3).
 */
export class CallRecorderWeb extends WebPlugin implements CallRecorderPlugin {
  private running: Running | null = null;
  /** Set at once when a start begins (the microphone prompt may be open), so a second start opens no second stream. */
  private starting = false;
  /** A stop asked for while the microphone prompt was open: the stream is released as soon as it arrives. */
  private cancelStart = false;

  /** The user id only names manual recordings here (startManualRecording's option): a browser records no calls. */
  async initialize(_options?: InitializeOptions): Promise<InitializeResult> {
    return { initialized: canRecord() };
  }

  /** None: a browser's recording is handed back when it stops and not kept here. */
  async getRecordings(): Promise<GetRecordingsResult> {
    return { recordings: [] };
  }

  async startManualRecording(options?: StartManualRecordingOptions): Promise<void> {
    if (this.starting || this.running) throw new Error('A recording is already running');
    if (!canRecord()) throw this.unavailable('This browser cannot record audio');
    this.starting = true;
    this.cancelStart = false;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      this.starting = false;
      throw err;
    }
    if (this.cancelStart) {
      release(stream);
      this.starting = false;
      throw new Error('Recording cancelled');
    }
    try {
      const type = MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      recorder.start(1000);
      this.running = { recorder, stream, chunks, groupId: options?.groupId ?? null, userId: options?.userId ?? null, mimeType: type ?? '' };
    } catch (err) {
      release(stream);
      throw err;
    } finally {
      this.starting = false;
    }
  }

  async stopManualRecording(): Promise<StopManualRecordingResult> {
    const run = this.running;
    if (!run) {
      if (this.starting) this.cancelStart = true;
      throw new Error('No recording is running');
    }
    this.running = null;
    await new Promise<void>((resolve) => {
      run.recorder.onstop = () => resolve();
      if (run.recorder.state === 'inactive') resolve();
      else run.recorder.stop();
    });
    release(run.stream);
    const mimeType = run.recorder.mimeType || run.mimeType || 'audio/webm';
    const extension = mimeType.includes('mp4') ? 'm4a' : mimeType.includes('ogg') ? 'ogg' : 'webm';
    const file = new Blob(run.chunks, { type: mimeType });
    const now = new Date();
    const id = `web-${typeof crypto !== 'undefined' && crypto.randomUUID ? crypto.randomUUID() : now.getTime()}`;
    const recording: DeviceRecording = { id, name: manualRecordingName(now, extension, run.userId), path: `session/${id}`, size: file.size, lastModified: now.getTime(), groupId: run.groupId, mimeType };
    // Handed over, not kept: the caller owns the only reference.
    return { recording, file };
  }

  /** Nothing is kept to play (see the class): always 'Recording not found'. */
  async playRecording(_options: RecordingPathOptions): Promise<void> {
    throw new Error('Recording not found');
  }

  /** Nothing plays here (see playRecording). */
  async stopRecording(): Promise<void> {}

  /** Nothing is kept to delete (see the class): always 'Recording not found'. */
  async deleteRecording(_options: RecordingPathOptions): Promise<void> {
    throw new Error('Recording not found');
  }

  /**
   * A browser's recorder needs only the microphone: it records no calls (phone state, call log), keeps no files (audio
   * files), names no callers (contacts — the browser's Contact Picker asks at each use) and shows no notices
   * (notifications). Those answer 'granted' — nothing is missing for it — so a manual recording, which requires all
   * recorder permissions (spec 001 §5), waits only for the microphone here.
   */
  async checkPermissions(): Promise<RecorderPermissionStatus> {
    return { microphone: await microphoneState(), phoneState: 'granted', callLog: 'granted', audioFiles: 'granted', contacts: 'granted', notifications: 'granted' };
  }

  async requestPermissions(options?: RequestPermissionsOptions): Promise<RecorderPermissionStatus> {
    const wanted = options?.permissions ?? RECORDER_PERMISSIONS;
    const status = await this.checkPermissions();
    if (wanted.includes('microphone') && status.microphone !== 'granted') status.microphone = await askMicrophone();
    return status;
  }

  async addGroupToRecord({ groupId }: AddGroupOptions): Promise<void> {
    const { settings } = await this.getSettings();
    // The group is one of the recorder's groups (recordGroups) and the one new recordings go to (lastGroupId).
    const recordGroups = settings.recordGroups.includes(groupId) ? settings.recordGroups : [...settings.recordGroups, groupId];
    await this.saveSettings({ settings: { ...settings, recordGroups, lastGroupId: groupId } });
  }

  async getSettings(): Promise<GetSettingsResult> {
    try {
      const stored = JSON.parse(localStorage.getItem(RECORDER_SETTINGS_STORAGE_KEY) ?? 'null') as Partial<CallRecorderSettings> | null;
      return { settings: { ...DEFAULT_CALL_RECORDER_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) } };
    } catch {
      return { settings: { ...DEFAULT_CALL_RECORDER_SETTINGS } };
    }
  }

  async saveSettings({ settings }: SaveSettingsOptions): Promise<void> {
    localStorage.setItem(RECORDER_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  }
}

function canRecord(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof MediaRecorder !== 'undefined';
}

function permissionOf(state: string): PermissionState {
  return state === 'granted' ? 'granted' : state === 'denied' ? 'denied' : 'prompt';
}

async function microphoneState(): Promise<PermissionState> {
  try {
    // 'microphone' is not in every browser's PermissionName list (Firefox refuses it): then the prompt decides.
    return permissionOf((await navigator.permissions.query({ name: 'microphone' as PermissionName })).state);
  } catch {
    return 'prompt';
  }
}

/** Asks for the microphone by opening it once (the browser's prompt), and closes it at once. */
async function askMicrophone(): Promise<PermissionState> {
  if (!canRecord()) return 'denied';
  try {
    release(await navigator.mediaDevices.getUserMedia({ audio: true }));
    return 'granted';
  } catch {
    return 'denied';
  }
}
