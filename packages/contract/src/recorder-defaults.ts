import type { RecorderSettings } from './settings';

/**
 * Spec 001 §3/§9 recorder defaults: booleans true, quality medium, source voice_communication, group id 'default'.
 * The one copy: the server, the app and the call recorder plugin (its DEFAULT_CALL_RECORDER_SETTINGS) all start from
 * it. Type imports only, so the plugin can import this file alone (`@fieldbook/contract/recorder-defaults`) without
 * bringing zod into the routes that load it.
 */
export const DEFAULT_RECORDER_SETTINGS: RecorderSettings = {
  enabled: true,
  recordAllContacts: true,
  recordUnknown: true,
  useGoogleDrive: true,
  audioQuality: 'medium',
  audioSource: 'voice_communication',
  recordGroups: [],
  whitelistNumbers: [],
  blacklistNumbers: [],
  lastGroupId: 'default',
};
