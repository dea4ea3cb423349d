import type { PermissionState, PluginListenerHandle } from '@capacitor/core';
import type { RecorderSettings } from '@fieldbook/contract';
import { DEFAULT_RECORDER_SETTINGS } from '@fieldbook/contract/recorder-defaults';
import { CALL_RECORDER_METHOD_NAMES } from './methods';

/**
 * The call recorder plugin's contract (spec 001 §7 "Mobile plugins": initialize, getRecordings, startManualRecording,
 * stopManualRecording, playRecording, stopRecording, deleteRecording, checkPermissions, requestPermissions,
 * addGroupToRecord, getSettings, saveSettings). A native implementation answers these over the Capacitor bridge with
 * exactly these method names and option objects; `web.ts` is the browser's (MediaRecorder, manual recording only).
 * Options and results are plain JSON on the bridge, except where a field says "web only".
 */

export type AudioQuality = RecorderSettings['audioQuality'];
export type AudioSource = RecorderSettings['audioSource'];

/** Spec 001 §3 recorder settings: the contract's (the same fields as the user's stored recorder_settings). */
export type CallRecorderSettings = RecorderSettings;

/** Spec 001 §3 local storage key of the recorder settings (the web implementation keeps them there). */
export const RECORDER_SETTINGS_STORAGE_KEY = 'callRecorderSettings';

/** Spec 001 §3/§9 defaults (the contract's: booleans true, quality medium, source voice_communication, group id 'default'). */
export const DEFAULT_CALL_RECORDER_SETTINGS: CallRecorderSettings = DEFAULT_RECORDER_SETTINGS;

/**
 * A recording kept on the device (spec 001 §3 Recording: name, path, size, lastModified, groupId). `id` is stable for
 * the life of the file on this device (the native side uses its content URI or path): the sync service derives the
 * upload's idempotency key from it, so one recording is stored once however often it is offered.
 *
 * The name ends with the id of the user who was signed in when it was recorded — the user id the app last handed to
 * `initialize` (calls) or to `startManualRecording` (manual recordings): direction_date(8 digits)_time(6
 * digits)_phone_userId.m4a for calls (spec 001 §3), manual_<date>_<time>_<userId>.<ext> for manual ones. A phone may be
 * shared: the app's sync service uploads from getRecordings only the recordings whose name ends with the signed-in
 * user's id (a recording without one is nobody's to upload), so a recorder that leaves the id out keeps its recordings
 * on the phone.
 */
export interface DeviceRecording {
  id: string;
  name: string;
  /** Where the file is on the device; `Capacitor.convertFileSrc(path)` is a URL the WebView can read it from. */
  path: string;
  size: number;
  /** Milliseconds since the epoch. */
  lastModified: number;
  groupId: string | null;
  /** audio/mp4, audio/webm, … when known. */
  mimeType?: string;
}

export interface InitializeOptions {
  /**
   * The signed-in user (the app calls initialize again when another user signs in). The recorder ends the name of
   * every call recording it makes from now on with this id (see DeviceRecording); it keeps recording under the last
   * id it was given. Absent: the recorder knows of no user, and its recordings carry none.
   */
  userId?: string;
}

export interface InitializeResult {
  /** The recorder is ready (permissions may still be missing: checkPermissions says). */
  initialized: boolean;
  /** The native plugin's version, for the debug strip; absent on the web. */
  version?: string;
}

export interface GetRecordingsResult {
  recordings: DeviceRecording[];
}

export interface StartManualRecordingOptions {
  /** The group the recording belongs to (the page's group id, spec 001 §2). */
  groupId?: string;
  /**
   * The signed-in user's id: the recording is named manual_<date>_<time>_<userId>.<ext>, so on a shared phone only
   * this user's sync service uploads it. Only letters, digits and '-' (a user id is a UUID); anything else is left out.
   */
  userId?: string;
}

export interface StopManualRecordingResult {
  recording: DeviceRecording;
  /**
   * Web only: the recorded audio, for the app to upload. The browser's recorder keeps no copy once it has handed this
   * back (getRecordings does not list it, play and delete do not find it): the app owns it. Never sent over the
   * bridge: a native recording stays a file at `recording.path` and reaches the server through the sync service.
   */
  file?: Blob;
}

export interface RecordingPathOptions {
  /** A DeviceRecording's path. */
  path: string;
}

/**
 * The recorder's permissions by alias, each an Android manifest permission the native recorder asks for:
 * - microphone: RECORD_AUDIO (recording at all);
 * - phoneState: READ_PHONE_STATE (knowing when a call starts and ends, to record it — and to stop a manual recording
 *   when a call takes the microphone);
 * - callLog: READ_CALL_LOG (the other party's number, which names the recording: direction_date_time_phone_userId);
 * - audioFiles: READ_MEDIA_AUDIO (reading the recordings it keeps, to list, play and upload them);
 * - contacts: READ_CONTACTS (recordAllContacts / recordUnknown: whether the caller is a contact);
 * - notifications: POST_NOTIFICATIONS (the notice shown while recording, and the sync service's).
 */
export type RecorderPermissionType = 'microphone' | 'phoneState' | 'callLog' | 'audioFiles' | 'contacts' | 'notifications';

export type RecorderPermissionStatus = Record<RecorderPermissionType, PermissionState>;

/** Every recorder permission, in the order the app shows them. */
export const RECORDER_PERMISSIONS: readonly RecorderPermissionType[] = ['microphone', 'phoneState', 'callLog', 'audioFiles', 'contacts', 'notifications'];

export interface RequestPermissionsOptions {
  /** The permissions to ask for; all of them when absent. */
  permissions?: RecorderPermissionType[];
}

export interface AddGroupOptions {
  groupId: string;
}

export interface GetSettingsResult {
  settings: CallRecorderSettings;
}

export interface SaveSettingsOptions {
  settings: CallRecorderSettings;
}

/** Sent by the native recorder when a call recording is written (the sync service uploads it). */
export interface RecordingAddedEvent {
  recording: DeviceRecording;
}

export interface CallRecorderPlugin {
  /** Prepares the recorder for the signed-in user (called when the app opens and when another user signs in). */
  initialize(options?: InitializeOptions): Promise<InitializeResult>;
  /**
   * The recordings kept on the device, every user's (the sync service picks the signed-in user's by name). On the web:
   * none — a browser's recording is handed back by stopManualRecording and not kept.
   */
  getRecordings(): Promise<GetRecordingsResult>;
  /** Starts a manual (speakerphone) recording; rejects when one is running or the microphone is refused. */
  startManualRecording(options?: StartManualRecordingOptions): Promise<void>;
  /** Stops the manual recording and gives it back. */
  stopManualRecording(): Promise<StopManualRecordingResult>;
  /** Plays a device recording (one at a time: starting another stops the first). On the web: none is kept to play. */
  playRecording(options: RecordingPathOptions): Promise<void>;
  /** Stops playback. */
  stopRecording(): Promise<void>;
  /** Deletes a device recording (the uploaded copy on the server stays). On the web: none is kept to delete. */
  deleteRecording(options: RecordingPathOptions): Promise<void>;
  checkPermissions(): Promise<RecorderPermissionStatus>;
  requestPermissions(options?: RequestPermissionsOptions): Promise<RecorderPermissionStatus>;
  /** New recordings go to this group. */
  addGroupToRecord(options: AddGroupOptions): Promise<void>;
  getSettings(): Promise<GetSettingsResult>;
  saveSettings(options: SaveSettingsOptions): Promise<void>;
  addListener(eventName: 'recordingAdded', listener: (event: RecordingAddedEvent) => void): Promise<PluginListenerHandle>;
  removeAllListeners(): Promise<void>;
}

/** A user id as it may end a recording's name (a UUID; letters, digits and '-'), else null. */
export function recordingNameUserId(userId: string | null | undefined): string | null {
  return userId && /^[A-Za-z0-9-]{1,64}$/.test(userId) ? userId : null;
}

/**
 * The name of a manual recording started at `at`: manual_<date>_<time>[_<userId>].<extension>, the date and time in UTC
 * (2026-11-26T04:15:00Z → manual_20261126_041500_<userId>.webm).
 */
export function manualRecordingName(at: Date, extension: string, userId?: string | null): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  const owner = recordingNameUserId(userId);
  return `manual_${stamp}${owner ? `_${owner}` : ''}.${extension}`;
}

/** The spec's 12 methods, as a native plugin's header lists them (the fake bridge of the browser tests uses this). */
export const CALL_RECORDER_METHODS = CALL_RECORDER_METHOD_NAMES satisfies readonly (keyof CallRecorderPlugin)[];

/**
 * The permissions a manual recording needs: spec 001 §5 "Manual recording requires all recorder permissions,
 * otherwise they are requested" — all of them, not only the microphone. (A browser's recorder needs only the
 * microphone: its web implementation answers 'granted' for the others.)
 */
export const MANUAL_RECORDING_PERMISSIONS: RecorderPermissionType[] = [...RECORDER_PERMISSIONS];
