/**
 * The recordings feature's public entry: the Recordings page; the call recorder's start-up and sync service for the
 * app shell (mobile app only); the workspace's recording consent notice for its admins (My Workspace).
 */
export { RecordingsScreen } from './components/recordings-screen';
export { CallRecorderSync } from './components/call-recorder-sync';
export { RecordingConsentSettings } from './components/recording-consent-settings';
