import { contactEndpoints, DEFAULT_RECORDER_SETTINGS, profileEndpoints, recordingEndpoints, ROUGH_DRAFT_LABEL, settingsEndpoints, type Recording, type RecordingDetail } from '@fieldbook/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { RecordingsScreen } from './recordings-screen';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const call = (n: number, name: string, confidence: Recording['transcript_confidence']): RecordingDetail => ({
  id: uuid(n),
  workspace_id: uuid(99),
  user_id: TEST_USER.id,
  user_name: 'crew',
  group_id: null,
  name,
  file_type: 'wav',
  mime_type: 'audio/wav',
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
  transcript_confidence: confidence,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  transcript: { text: `${name} words`, segments: [{ start: 0, end: 2, text: `${name} words` }] },
});
// What the embedded engine measured on a clean call and on the same call through the telephone band (bench/README.md).
const ROUGH = call(1, 'phone-call.wav', { measure: 'word_confidence', rough_draft: true, words: 6, confident_words: 1, speech_seconds: 6.93 });
const CLEAN = call(2, 'clean-call.wav', { measure: 'word_confidence', rough_draft: false, words: 27, confident_words: 22, speech_seconds: 6.86 });
// An API that gave no avg_logprob: confidence unknown, never called a rough draft.
const UNKNOWN = call(3, 'api-call.wav', null);

let api: FakeApi;

beforeEach(() => {
  const all = [ROUGH, CLEAN, UNKNOWN];
  api = fakeApi()
    .on(profileEndpoints.get, { id: TEST_USER.id, email: TEST_USER.email!, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: null, default_workspace_id: null, created_at: '2026-11-01T00:00:00.000Z' })
    .on(settingsEndpoints.get, { user_id: TEST_USER.id, theme: 'light', notifications_enabled: true, email_notifications: true, sms_notifications: true, api_url: null, recorder_settings: DEFAULT_RECORDER_SETTINGS, updated_at: null })
    .on(recordingEndpoints.list, { recordings: all.map(({ transcript: _, ...r }) => r), total: all.length })
    .on(recordingEndpoints.get, ({ params }) => all.find((r) => r.id === params.id) ?? apiError(404, 'NOT_FOUND', 'Recording not found'))
    .on(contactEndpoints.byPhone, { contacts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('a transcript the engine was unsure of', () => {
  it('is labelled a rough draft in the list and in its transcript; a confident or unknown one is not', async () => {
    renderWithProviders(<RecordingsScreen />, { route: '/recordings' });
    const user = userEvent.setup();
    const rough = await screen.findByRole('article', { name: 'phone-call.wav' });
    const clean = screen.getByRole('article', { name: 'clean-call.wav' });
    const unknown = screen.getByRole('article', { name: 'api-call.wav' });
    expect(within(rough).getByText(ROUGH_DRAFT_LABEL)).toBeTruthy();
    expect(within(clean).queryByText(ROUGH_DRAFT_LABEL)).toBeNull();
    expect(within(unknown).queryByText(ROUGH_DRAFT_LABEL)).toBeNull();

    await user.click(within(rough).getByRole('button', { name: 'Show transcript' }));
    const view = await within(rough).findByTestId('transcript-rough-draft');
    expect(within(view).getByText(ROUGH_DRAFT_LABEL)).toBeTruthy();
    expect(within(view).getByText('Most words were unclear to the engine: listen to the call before relying on this.')).toBeTruthy();
    expect(within(rough).getByText('phone-call.wav words')).toBeTruthy();

    await user.click(within(clean).getByRole('button', { name: 'Show transcript' }));
    expect(await within(clean).findByText('clean-call.wav words')).toBeTruthy();
    expect(within(clean).queryByTestId('transcript-rough-draft')).toBeNull();
  });
});
