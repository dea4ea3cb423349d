import { vi, type Mock } from 'vitest';

/**
 * The browser's microphone for the manual recording tests: navigator.mediaDevices.getUserMedia, the Permissions API's
 * answer for the microphone, and MediaRecorder. Use in a test file:
 *
 *   let mic: FakeMicrophone;
 *   beforeEach(() => (mic = installFakeMicrophone('granted')));
 *   afterEach(() => removeFakeMicrophone());
 */

/** A stream's one track, which records whether it was stopped (the browser's "microphone in use" light). */
export type FakeTrack = { stop: Mock<() => void> };
export type FakeStream = { getTracks: () => FakeTrack[] };

export interface FakeMicrophone {
  /** Every track handed out, in order. */
  tracks: FakeTrack[];
  /** Opens a stream of one new track (getUserMedia's default answer; call it from a test's own implementation). */
  openStream: () => Promise<FakeStream>;
  getUserMedia: Mock<() => Promise<FakeStream>>;
  /** What the Permissions API says of the microphone (a test may change it). */
  permission: PermissionState;
}

/** MediaRecorder as the browser has it: stop() delivers the last data, then the stop event, a moment later. */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob(['spoken words'], { type: this.mimeType }) });
      this.onstop?.();
    }, 5);
  }
}

export function installFakeMicrophone(permission: PermissionState): FakeMicrophone {
  const tracks: FakeTrack[] = [];
  const openStream = async (): Promise<FakeStream> => {
    const track: FakeTrack = { stop: vi.fn() };
    tracks.push(track);
    return { getTracks: () => [track] };
  };
  const mic: FakeMicrophone = { tracks, openStream, getUserMedia: vi.fn(openStream), permission };
  FakeMediaRecorder.instances = [];
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: mic.getUserMedia }, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: { query: async () => ({ state: mic.permission }) }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  return mic;
}

export function removeFakeMicrophone() {
  vi.unstubAllGlobals();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete (navigator as { permissions?: unknown }).permissions;
}
