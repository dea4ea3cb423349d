import { DEFAULT_RECORDER_SETTINGS, type Recording } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { RecordingsScreen } from './recordings-screen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const requests: string[] = [];

beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    if (url.includes('/api/profile')) {
      return json({ id: TEST_USER.id, email: TEST_USER.email, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: null, default_workspace_id: null, created_at: '2026-11-01T00:00:00.000Z' });
    }
    if (url.includes('/api/settings')) {
      return json({ user_id: TEST_USER.id, theme: 'light', notifications_enabled: true, email_notifications: true, sms_notifications: true, api_url: null, recorder_settings: DEFAULT_RECORDER_SETTINGS, updated_at: null });
    }
    if (url.includes('/api/recordings')) return json({ recordings: [], total: 0 });
    return json({ contacts: [] });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

describe('RecordingsScreen inside the mobile app', () => {
  it('records through the recorder plugin (start, stop, then the list refreshes) and hands it the group id', async () => {
    const plugin = {
      startManualRecording: vi.fn(async () => ({})),
      stopManualRecording: vi.fn(async () => ({})),
      addGroupToRecord: vi.fn(async () => ({})),
      saveSettings: vi.fn(async () => ({})),
    };
    (window as { Capacitor?: unknown }).Capacitor = { Plugins: { CallRecorder: plugin } };
    renderWithProviders(<RecordingsScreen />, { route: '/recordings' });
    const user = userEvent.setup();
    expect(await screen.findByText('No recordings yet. Record with your microphone or upload a call.')).toBeTruthy();
    // In the app the browser-only notice is not shown.
    expect(screen.queryByText('Recorder is only available in the mobile app.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(plugin.startManualRecording).toHaveBeenCalledTimes(1);
    const listReads = () => requests.filter((u) => u.includes('/api/recordings?')).length;
    const before = listReads();
    await user.click(await screen.findByRole('button', { name: 'Stop Recording' }));
    expect(plugin.stopManualRecording).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));

    await user.type(screen.getByLabelText('Group id'), 'crew-7');
    await user.click(screen.getByRole('button', { name: 'Add Group' }));
    expect(plugin.addGroupToRecord).toHaveBeenCalledWith({ groupId: 'crew-7' });
    expect(await screen.findByText('New recordings go to group crew-7')).toBeTruthy();
  });

  it('in a browser it says the recorder is the mobile app’s, and records with the microphone instead', async () => {
    renderWithProviders(<RecordingsScreen />, { route: '/recordings' });
    expect(await screen.findByText('Recorder is only available in the mobile app.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeTruthy();
  });
});

describe('RecordingsScreen paging', () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const TOTAL = 230;
  const calls: Recording[] = Array.from({ length: TOTAL }, (_, i) => ({
    id: uuid(i + 1),
    workspace_id: uuid(99_999),
    user_id: TEST_USER.id,
    user_name: 'crew',
    group_id: null,
    name: `call-${String(i + 1).padStart(3, '0')}.m4a`,
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
    transcript_engine: 'test',
    transcript_confidence: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  }));

  it('Load More Recordings reaches calls past the newest 200 (pages of at most 200), and the count says all', async () => {
    const fallback = globalThis.fetch;
    const limits: number[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/recordings') return fallback(input, init);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      limits.push(limit);
      if (limit > 200) return json({ error: { code: 'VALIDATION_FAILED', message: 'limit too big' } }, 400);
      return json({ recordings: calls.slice(offset, offset + limit), total: TOTAL });
    });
    renderWithProviders(<RecordingsScreen />, { route: '/recordings' });
    const user = userEvent.setup();
    expect(await screen.findByRole('article', { name: 'call-001.m4a' })).toBeTruthy();
    expect(screen.getByText('230 recordings')).toBeTruthy();
    while (screen.queryByRole('button', { name: 'Load More Recordings' })) {
      const shown = screen.getAllByTestId('recording').length;
      await user.click(screen.getByRole('button', { name: 'Load More Recordings' }));
      await waitFor(() => expect(screen.getAllByTestId('recording').length).toBeGreaterThan(shown));
    }
    expect(screen.getAllByTestId('recording')).toHaveLength(TOTAL);
    expect(screen.getByRole('article', { name: 'call-230.m4a' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete call-230.m4a' })).toBeTruthy();
    expect(limits.every((n) => n <= 200)).toBe(true);
  }, 60_000); // 230 calls rendered in happy-dom take a while; the paging itself is instant.
});
