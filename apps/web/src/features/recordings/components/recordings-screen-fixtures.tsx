import {
  contactEndpoints,
  DEFAULT_RECORDER_SETTINGS,
  driveEndpoints,
  profileEndpoints,
  recordingEndpoints,
  settingsEndpoints,
  workspaceEndpoints,
  type Profile,
  type RecorderSettings,
  type RecordingConsentNotice,
  type RecordingDetail,
  type UserSettings,
} from '@fieldbook/contract';
import { Toaster } from 'react-hot-toast';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { DRIVE_DISCONNECTED } from '../../../test/factories';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { CallRecorderSync } from './call-recorder-sync';
import { RecordingsScreen } from './recordings-screen';

/** The recordings screen's tests' fixtures: its API on top of fakeApi() (routed by contract endpoint), the app's recorder. */

export const recordingId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A stored, transcribed call of the signed-in user; `patch` for what a test is about. */
export function makeRecording(n: number, name: string, patch: Partial<RecordingDetail> = {}): RecordingDetail {
  return {
    id: recordingId(n),
    workspace_id: recordingId(99_999),
    user_id: TEST_USER.id,
    user_name: 'crew',
    group_id: null,
    name,
    file_type: 'm4a',
    mime_type: 'audio/mp4',
    size: 1000,
    duration_seconds: 10,
    direction: 'incoming',
    phone_number: null,
    recorded_at: null,
    file_user_id: null,
    contacts: [],
    transcription_status: 'done',
    transcription_error: null,
    transcript_engine: 'pocketsphinx (en-us)',
    transcript_confidence: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    transcript: null,
    ...patch,
  };
}

/** The workspace's notice shown before a recording starts (an admin set it). */
export const CONSENT_NOTICE: RecordingConsentNotice = { notice: 'Tell the homeowner this call is recorded. Texas and Florida crews: everyone must agree.', is_default: false, updated_at: '2026-11-01T00:00:00.000Z' };

/** The crew's Google Drive: not connected (the recorder's Drive toggle stays off and disabled). */
export { DRIVE_DISCONNECTED };

export const CREW_PROFILE: Profile = { id: TEST_USER.id, email: TEST_USER.email!, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: null, default_workspace_id: null, created_at: '2026-11-01T00:00:00.000Z' };

export function crewSettings(recorder: RecorderSettings = DEFAULT_RECORDER_SETTINGS): UserSettings {
  return { user_id: TEST_USER.id, theme: 'light', notifications_enabled: true, email_notifications: true, sms_notifications: true, api_url: null, recorder_settings: recorder, updated_at: null };
}

/**
 * What the recordings screen reads, as the server answers it for a user with `recordings` (newest first): the
 * profile, the settings, the list in pages (the contract's query schema refuses a page over 200, as the server does),
 * one recording with its transcript, and the names of its phones. A test adds or replaces fakes on what this returns.
 */
export function fakeRecordingsApi(recordings: RecordingDetail[] = []): FakeApi {
  return fakeApi()
    .on(profileEndpoints.get, CREW_PROFILE)
    .on(settingsEndpoints.get, crewSettings())
    .on(recordingEndpoints.list, ({ query }) => ({
      recordings: recordings.slice(query.offset, query.offset + query.limit).map(({ transcript: _, ...recording }) => recording),
      total: recordings.length,
    }))
    .on(recordingEndpoints.get, ({ params }) => recordings.find((r) => r.id === params.id) ?? apiError(404, 'NOT_FOUND', 'Recording not found'))
    .on(contactEndpoints.byPhone, { contacts: [] })
    .on(driveEndpoints.status, DRIVE_DISCONNECTED)
    .on(workspaceEndpoints.recordingConsent, CONSENT_NOTICE);
}

/** The screen at `route`, with the toasts it shows; `withSync`: and the shell's recorder start-up and sync service. */
export function renderRecordingsScreen(route = '/recordings', { withSync = false } = {}) {
  return renderWithProviders(
    <>
      {withSync && <CallRecorderSync />}
      <RecordingsScreen />
      <Toaster />
    </>,
    { route },
  );
}
