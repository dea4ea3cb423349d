import { DEFAULT_RECORDER_SETTINGS, type Recording } from '@fieldbook/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { RecordingsScreen } from './recordings-screen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const recording = (id: string, name: string, patch: Partial<Recording> = {}): Recording => ({
  id,
  workspace_id: '00000000-0000-4000-8000-0000000000b1',
  user_id: TEST_USER.id,
  user_name: 'crew',
  group_id: null,
  name,
  file_type: 'm4a',
  mime_type: 'audio/mp4',
  size: 2048,
  duration_seconds: 30,
  direction: 'incoming',
  phone_number: null,
  recorded_at: '2026-11-24T15:30:12.000Z',
  file_user_id: null,
  contacts: [],
  transcription_status: 'done',
  transcription_error: null,
  transcript_engine: 'pocketsphinx (en-us)',
  transcript_confidence: null,
  created_at: '2026-11-24T15:31:00.000Z',
  updated_at: '2026-11-24T15:31:00.000Z',
  ...patch,
});
const FIRST = recording('00000000-0000-4000-8000-00000000f001', 'first-call.m4a');
const SECOND = recording('00000000-0000-4000-8000-00000000f002', 'second-call.m4a');
const FAILED = recording('00000000-0000-4000-8000-00000000f003', 'failed-call.m4a', { transcription_status: 'failed', transcription_error: 'No speech engine answered', transcript_engine: null });

/** The page's one <audio> element, as a stand-in that records what it was told to play. */
class FakeAudio {
  static last: FakeAudio | null = null;
  src = '';
  currentTime = 0;
  preload = '';
  ontimeupdate: (() => void) | null = null;
  onended: (() => void) | null = null;
  constructor() {
    FakeAudio.last = this;
  }
  play() {
    return Promise.resolve();
  }
  pause() {}
}

/** Per path: what the fake server answers (the test may hold an answer back). */
let routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>;

beforeEach(() => {
  localStorage.clear();
  FakeAudio.last = null;
  routes = {
    '/api/recordings': () => json({ recordings: [FIRST, SECOND, FAILED], total: 3 }),
    [`/api/recordings/${FIRST.id}/playback-url`]: () => json({ url: `/api/recording-audio/first-token-0123456789`, expires_at: '2026-11-25T00:00:00.000Z' }),
    [`/api/recordings/${SECOND.id}/playback-url`]: () => json({ url: `/api/recording-audio/second-token-0123456789`, expires_at: '2026-11-25T00:00:00.000Z' }),
    [`/api/recordings/${FAILED.id}`]: () => json({ ...FAILED, transcript: null }),
  };
  vi.stubGlobal('Audio', FakeAudio);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = routes[url.pathname];
    if (answer) return answer(init);
    if (url.pathname === '/api/profile') {
      return json({ id: TEST_USER.id, email: TEST_USER.email, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: null, default_workspace_id: null, created_at: '2026-11-01T00:00:00.000Z' });
    }
    if (url.pathname === '/api/settings') {
      return json({ user_id: TEST_USER.id, theme: 'light', notifications_enabled: true, email_notifications: true, sms_notifications: true, api_url: null, recorder_settings: DEFAULT_RECORDER_SETTINGS, updated_at: null });
    }
    return json({ contacts: [] });
  });
});
afterEach(() => {
  toast.remove();
  cleanup();
  vi.unstubAllGlobals();
});

const renderScreen = (route = '/recordings') =>
  renderWithProviders(
    <>
      <RecordingsScreen />
      <Toaster />
    </>,
    { route },
  );

describe('Playing recordings', () => {
  it('rapid Play clicks play the last one clicked, even when an earlier one’s audio address arrives later', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const firstUrl = routes[`/api/recordings/${FIRST.id}/playback-url`]!;
    let firstAnswered = false;
    routes[`/api/recordings/${FIRST.id}/playback-url`] = async () => {
      await firstHeld;
      firstAnswered = true;
      return firstUrl();
    };
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Play ${FIRST.name}` }));
    await user.click(screen.getByRole('button', { name: `Play ${SECOND.name}` }));
    expect(await screen.findByRole('button', { name: `Stop ${SECOND.name}` })).toBeTruthy();
    expect(FakeAudio.last!.src).toContain('second-token');

    await act(async () => releaseFirst());
    await waitFor(() => expect(firstAnswered).toBe(true));
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeAudio.last!.src).toContain('second-token');
    expect(screen.getByRole('button', { name: `Stop ${SECOND.name}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Play ${FIRST.name}` })).toBeTruthy();
  });

  it('after Play of one, Play of another and Stop, the first one’s late audio address starts nothing', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const firstUrl = routes[`/api/recordings/${FIRST.id}/playback-url`]!;
    routes[`/api/recordings/${FIRST.id}/playback-url`] = async () => {
      await firstHeld;
      return firstUrl();
    };
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Play ${FIRST.name}` }));
    await user.click(screen.getByRole('button', { name: `Play ${SECOND.name}` }));
    await user.click(await screen.findByRole('button', { name: `Stop ${SECOND.name}` }));
    await act(async () => releaseFirst());
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('button', { name: /^Stop / })).toBeNull();
    expect(FakeAudio.last!.src).not.toContain('first-token');
  });
});

describe('Retry transcription', () => {
  it('a failed retry shows an error toast with the reason', async () => {
    routes[`/api/recordings/${FAILED.id}/retry-transcription`] = () => json({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' } }, 429);
    renderScreen(`/recordings?id=${FAILED.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry transcription' }));
    expect(await screen.findByText('Failed to retry transcription: Too many requests. Please wait a moment and try again.')).toBeTruthy();
  });
});
