/**
 * The spec's 12 methods (spec 001 §7), in its order, as a native plugin's header lists them. No imports: the browser
 * tests' fake bridge (e2e/recorder-bridge.spec.ts) reads this file directly; definitions.ts checks it against
 * CallRecorderPlugin and exports it from the package.
 */
export const CALL_RECORDER_METHOD_NAMES = [
  'initialize',
  'getRecordings',
  'startManualRecording',
  'stopManualRecording',
  'playRecording',
  'stopRecording',
  'deleteRecording',
  'checkPermissions',
  'requestPermissions',
  'addGroupToRecord',
  'getSettings',
  'saveSettings',
] as const;
