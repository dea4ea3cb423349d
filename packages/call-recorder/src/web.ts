import { WebPlugin, type PermissionState } from '@capacitor/core';
import {
  DEFAULT_CALL_RECORDER_SETTINGS,
  RECORDER_SETTINGS_STORAGE_KEY,
  type AddGroupOptions,
  type CallRecorderPlugin,
  type CallRecorderSettings,
  type DeviceRecording,
  type GetRecordingsResult,
  type GetSettingsResult,
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

/** 2026-11-26T04:15:00Z → 20261126_041500 (the manual recording's name, as the web app has always named it). */
const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);

type Running = { recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; groupId: string | null; mimeType: string };

/**
 * The browser's call recorder: manual (speakerphone) recording with the microphone through MediaRecorder — a browser
 * cannot record calls. A recording exists only in this page: stopManualRecording hands its audio back (`file`) for
 * the app to upload, getRecordings lists what this page recorded, play/delete work on those. Settings live in
 * localStorage under `callRecorderSettings` (spec 001 §3).
 */
export class CallRecorderWeb extends WebPlugin implements CallRecorderPlugin {
  private running: Running | null = null;
  /** Set at once when a start begins (the microphone prompt may be open), so a second start opens no second stream. */
  private starting = false;
  /** A stop asked for while the microphone prompt was open: the stream is released as soon as it arrives. */
  private cancelStart = false;
  private readonly session = new Map<string, { recording: DeviceRecording; file: Blob }>();
  private player: { audio: HTMLAudioElement; url: string } | null = null;

  async initialize(): Promise<InitializeResult> {
    return { initialized: canRecord() };
  }

  async getRecordings(): Promise<GetRecordingsResult> {
    return { recordings: [...this.session.values()].map((s) => s.recording).sort((a, b) => b.lastModified - a.lastModified) };
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
      this.running = { recorder, stream, chunks, groupId: options?.groupId ?? null, mimeType: type ?? '' };
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
    const recording: DeviceRecording = { id, name: `manual_${stampOf(now)}.${extension}`, path: `session/${id}`, size: file.size, lastModified: now.getTime(), groupId: run.groupId, mimeType };
    this.session.set(recording.path, { recording, file });
    return { recording, file };
  }

  async playRecording({ path }: RecordingPathOptions): Promise<void> {
    const kept = this.session.get(path);
    if (!kept) throw new Error('Recording not found');
    await this.stopRecording();
    const url = URL.createObjectURL(kept.file);
    const audio = new Audio(url);
    this.player = { audio, url };
    audio.onended = () => void this.stopRecording();
    await audio.play();
  }

  async stopRecording(): Promise<void> {
    const player = this.player;
    this.player = null;
    if (!player) return;
    player.audio.pause();
    URL.revokeObjectURL(player.url);
  }

  async deleteRecording({ path }: RecordingPathOptions): Promise<void> {
    if (!this.session.delete(path)) throw new Error('Recording not found');
  }

  async checkPermissions(): Promise<RecorderPermissionStatus> {
    return {
      microphone: await microphoneState(),
      // The web recorder keeps its recordings in the page: no file access to ask for.
      audioFiles: 'granted',
      // The Contact Picker asks each time it is used.
      contacts: 'prompt',
      notifications: notificationState(),
    };
  }

  async requestPermissions(options?: RequestPermissionsOptions): Promise<RecorderPermissionStatus> {
    const wanted = options?.permissions ?? ['microphone', 'audioFiles', 'contacts', 'notifications'];
    const status = await this.checkPermissions();
    if (wanted.includes('microphone') && status.microphone !== 'granted') status.microphone = await askMicrophone();
    if (wanted.includes('notifications') && status.notifications === 'prompt' && typeof Notification !== 'undefined') {
      status.notifications = permissionOf(await Notification.requestPermission());
    }
    return status;
  }

  async addGroupToRecord({ groupId }: AddGroupOptions): Promise<void> {
    const { settings } = await this.getSettings();
    await this.saveSettings({ settings: { ...settings, lastGroupId: groupId } });
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

function notificationState(): PermissionState {
  return typeof Notification === 'undefined' ? 'denied' : permissionOf(Notification.permission);
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
