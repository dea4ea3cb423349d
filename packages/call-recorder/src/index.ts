import { Capacitor, registerPlugin } from '@capacitor/core';
import type { CallRecorderPlugin, DeviceRecording } from './definitions';

/**
 * The call recorder (spec 001 §7). Inside the Capacitor app each call goes over the bridge to the native plugin
 * named 'CallRecorder' (`Capacitor.nativePromise('CallRecorder', method, options)`); in a browser to `CallRecorderWeb`,
 * loaded when first used. The web app reaches the recorder only through this object.
 */
export const CallRecorder = registerPlugin<CallRecorderPlugin>('CallRecorder', {
  web: () => import('./web').then((m) => new m.CallRecorderWeb()),
});

/**
 * Where the app runs, for the recorder: 'native' — the mobile app with the native plugin (call recording, the sync
 * service); 'missing' — the mobile app built without it (spec 001 §8 'Call Recorder plugin is not available in this
 * environment.'); 'web' — a browser (manual recording with the microphone only).
 */
export type CallRecorderAvailability = 'native' | 'missing' | 'web';

export function callRecorderAvailability(): CallRecorderAvailability {
  if (!Capacitor.isNativePlatform()) return 'web';
  return Capacitor.isPluginAvailable('CallRecorder') ? 'native' : 'missing';
}

/** A URL the WebView reads a device recording's file from (the native bridge serves it; the path as is on the web). */
export function deviceRecordingUrl(path: string): string {
  return Capacitor.convertFileSrc(path);
}

/** The recording's file is no longer on the device (deleted meanwhile): reading it again cannot help. */
export class RecordingFileMissingError extends Error {
  constructor(path: string) {
    super(`The recording is no longer on this phone (${path})`);
    this.name = 'RecordingFileMissingError';
  }
}

/**
 * A device recording's bytes, read by the WebView from the native bridge's URL for the file (the native side never
 * sends audio over the bridge as text). Rejects with RecordingFileMissingError when the file is gone.
 */
export async function readDeviceRecording(recording: Pick<DeviceRecording, 'path' | 'mimeType'>): Promise<Blob> {
  const res = await fetch(deviceRecordingUrl(recording.path));
  if (res.status === 404) throw new RecordingFileMissingError(recording.path);
  if (!res.ok) throw new Error(`Could not read the recording (${res.status})`);
  const blob = await res.blob();
  return recording.mimeType && !blob.type ? new Blob([blob], { type: recording.mimeType }) : blob;
}

export * from './definitions';
export type { PermissionState, PluginListenerHandle } from '@capacitor/core';
