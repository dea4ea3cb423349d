// Types only: the mock factory imports this file, so a value import of the mocked package here would be a cycle.
import type * as CallRecorderModule from '@fieldbook/call-recorder';
import type { CallRecorderAvailability, CallRecorderSettings, DeviceRecording, RecorderPermissionStatus } from '@fieldbook/call-recorder';
import { DEFAULT_RECORDER_SETTINGS } from '@fieldbook/contract';
import { vi, type Mock } from 'vitest';

/**
 * The mobile app's recorder for component tests: `@fieldbook/call-recorder` with its CallRecorder answered by a fake
 * native plugin and the app's availability chosen by the test. Without `installFakeRecorder()` the real package
 * runs, as in a browser (its MediaRecorder web implementation). Use in a test file:
 *
 *   vi.mock('@fieldbook/call-recorder', async (original) => (await import('../../../test/fake-call-recorder')).mockCallRecorderModule(await original()));
 *
 * (The browser tests, e2e/recorder-bridge.spec.ts, drive the real package over a fake native bridge instead.)
 */
const state: { availability: CallRecorderAvailability; plugin: FakeRecorder | null } = { availability: 'web', plugin: null };

type Module = typeof CallRecorderModule;

export function mockCallRecorderModule(real: Module): Module {
  const CallRecorder = new Proxy(real.CallRecorder, {
    get: (target, prop) => {
      const impl = state.plugin ?? target;
      const member = (impl as unknown as Record<PropertyKey, unknown>)[prop];
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(impl) : member;
    },
  });
  return {
    ...real,
    CallRecorder,
    callRecorderAvailability: () => state.availability,
    readDeviceRecording: (recording) => (state.plugin ? state.plugin.readFile(recording) : real.readDeviceRecording(recording)),
  };
}

/** Spec 001 §3 defaults, as a phone's recorder starts. */
export const DEVICE_RECORDER_SETTINGS: CallRecorderSettings = { ...DEFAULT_RECORDER_SETTINGS };

export const ALL_GRANTED: RecorderPermissionStatus = { microphone: 'granted', phoneState: 'granted', callLog: 'granted', audioFiles: 'granted', contacts: 'granted', notifications: 'granted' };

/** The signed-in user of the component tests (TEST_USER in test/render.tsx), whose id the recorder names recordings with. */
export const RECORDER_USER_ID = '6f1c1d1e-0000-4000-8000-00000000a11c';

/** A device recording as the native recorder lists it: a call of the signed-in user (its name ends with their id). */
export function deviceRecording(n: number, patch: Partial<DeviceRecording> = {}): DeviceRecording {
  return {
    id: `content://recordings/${n}`,
    name: `incoming_20261120_1000${String(n).padStart(2, '0')}_5125550100_${RECORDER_USER_ID}.m4a`,
    path: `/data/recordings/${n}.m4a`,
    size: 1000 + n,
    lastModified: Date.UTC(2026, 10, 20, 10, 0, n),
    groupId: null,
    mimeType: 'audio/mp4',
    ...patch,
  };
}

export type FakeRecorder = {
  [K in (typeof CallRecorderModule.CALL_RECORDER_METHODS)[number]]: Mock;
} & {
  addListener: Mock;
  removeAllListeners: Mock;
  /** The bytes readDeviceRecording gives for a device recording. */
  readFile: Mock<(recording: Pick<DeviceRecording, 'path' | 'mimeType'>) => Promise<Blob>>;
  /** Sends a plugin event to the app's listeners. */
  emit: (event: string, data: unknown) => void;
};

/** Inside the mobile app with the native plugin: every method answered (override per test). `resetFakeRecorder()` after. */
export function installFakeRecorder(availability: CallRecorderAvailability = 'native'): FakeRecorder {
  const listeners = new Map<string, Array<(data: unknown) => void>>();
  const plugin: FakeRecorder = {
    initialize: vi.fn(async () => ({ initialized: true })),
    getRecordings: vi.fn(async () => ({ recordings: [] })),
    startManualRecording: vi.fn(async () => undefined),
    stopManualRecording: vi.fn(async () => ({ recording: deviceRecording(900, { name: `manual_20261120_100000_${RECORDER_USER_ID}.m4a` }) })),
    playRecording: vi.fn(async () => undefined),
    stopRecording: vi.fn(async () => undefined),
    deleteRecording: vi.fn(async () => undefined),
    checkPermissions: vi.fn(async () => ALL_GRANTED),
    requestPermissions: vi.fn(async () => ALL_GRANTED),
    addGroupToRecord: vi.fn(async () => undefined),
    getSettings: vi.fn(async () => ({ settings: DEVICE_RECORDER_SETTINGS })),
    saveSettings: vi.fn(async () => undefined),
    addListener: vi.fn(async (event: string, listener: (data: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return { remove: async () => listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener)) };
    }),
    removeAllListeners: vi.fn(async () => listeners.clear()),
    readFile: vi.fn(async (recording: Pick<DeviceRecording, 'path' | 'mimeType'>) => new Blob([`audio of ${recording.path}`], { type: recording.mimeType ?? 'audio/mp4' })),
    emit: (event, data) => (listeners.get(event) ?? []).forEach((l) => l(data)),
  };
  state.availability = availability;
  state.plugin = plugin;
  return plugin;
}

export function resetFakeRecorder(): void {
  state.availability = 'web';
  state.plugin = null;
}
