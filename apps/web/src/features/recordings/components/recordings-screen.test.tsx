import { DEFAULT_RECORDER_SETTINGS } from '@fieldbook/contract';
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
