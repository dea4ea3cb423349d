import { DEFAULT_RECORDER_SETTINGS, driveEndpoints, settingsEndpoints, type RecorderSettings } from '@fieldbook/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse, type FakeApi } from '../../../test/fake-api';
import { crewSettings, DRIVE_DISCONNECTED, fakeRecordingsApi, renderRecordingsScreen } from './recordings-screen-fixtures';

/** What the fake server does with the settings endpoints (GET and PUT /api/settings) in each test. */
let getSettings: () => Response | Promise<Response>;
let putSettings: (body: { recorder_settings?: Partial<RecorderSettings> }) => Response | Promise<Response>;
let api: FakeApi;
const puts = () => api.calls(settingsEndpoints.update).map((r) => r.body);

beforeEach(() => {
  localStorage.clear();
  getSettings = () => jsonResponse(crewSettings(DEFAULT_RECORDER_SETTINGS));
  putSettings = (body) => jsonResponse(crewSettings({ ...DEFAULT_RECORDER_SETTINGS, ...body.recorder_settings }));
  api = fakeRecordingsApi()
    .on(settingsEndpoints.get, () => getSettings())
    .on(settingsEndpoints.update, ({ body }) => putSettings(body));
});
afterEach(() => {
  toast.remove(); // the toast store outlives a test's render
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

const dialog = () => screen.getByRole('dialog', { name: 'Recorder Settings' });
const unknownSwitch = () => within(dialog()).getByRole('switch', { name: 'Record unknown numbers' }) as HTMLInputElement;

describe('Recorder settings', () => {
  it('a failed save falls back to this browser silently (spec 001 §8): no "saved" message, and the new value is what is shown, also after a reload', async () => {
    putSettings = () => apiError(500, 'INTERNAL', 'Database unavailable');
    const first = renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(unknownSwitch().checked).toBe(true));
    await user.click(unknownSwitch());
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recorder Settings' })).toBeNull());
    expect(screen.queryByText('Recorder settings saved')).toBeNull();
    // Opened again, the value is the one kept in this browser, not the server's older copy.
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(unknownSwitch().checked).toBe(false);
    first.unmount();

    // A reload: the server still holds the old value, the browser's newer copy is shown.
    renderRecordingsScreen();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await new Promise((r) => setTimeout(r, 50)); // the settings request has answered
    expect(unknownSwitch().checked).toBe(false);
  });

  it('a save the server takes says so and is shown from the server copy', async () => {
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(unknownSwitch().checked).toBe(true));
    await user.click(unknownSwitch());
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Recorder settings saved')).toBeTruthy();
    expect(puts()[0]?.recorder_settings?.recordUnknown).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(unknownSwitch().checked).toBe(false);
  });

  it('edits made before the settings request answers are not reset by its answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    getSettings = async () => {
      await gate;
      answered = true;
      return jsonResponse(crewSettings({ ...DEFAULT_RECORDER_SETTINGS, audioQuality: 'high' }));
    };
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(unknownSwitch().checked).toBe(true);
    await user.click(unknownSwitch());
    expect(unknownSwitch().checked).toBe(false);
    release();
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(unknownSwitch().checked).toBe(false);
  });

  it('an untouched form takes the settings when they arrive', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    getSettings = async () => {
      await gate;
      return jsonResponse(crewSettings({ ...DEFAULT_RECORDER_SETTINGS, recordUnknown: false }));
    };
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(unknownSwitch().checked).toBe(true);
    release();
    await waitFor(() => expect(unknownSwitch().checked).toBe(false));
  });

  it('the "Upload to Google Drive" switch is off and disabled while Drive is not connected (spec 001 §5)', async () => {
    // Even when the stored settings ask for Drive (the default), the switch cannot show ON without a connection.
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const drive = within(dialog()).getByRole('switch', { name: /Upload to Google Drive/ }) as HTMLInputElement;
    expect(drive.disabled).toBe(true);
    expect(drive.checked).toBe(false);
  });

  it('with Drive connected the switch is on (the stored default) and can be turned off', async () => {
    api.on(driveEndpoints.status, { ...DRIVE_DISCONNECTED, status: 'connected', user: { displayName: 'Crew', emailAddress: 'crew@example.com' } });
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const drive = () => within(dialog()).getByRole('switch', { name: /Upload to Google Drive/ }) as HTMLInputElement;
    await waitFor(() => expect(drive().disabled).toBe(false));
    expect(drive().checked).toBe(true);
    await user.click(drive());
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.recorder_settings?.useGoogleDrive).toBe(false);
  });
});
