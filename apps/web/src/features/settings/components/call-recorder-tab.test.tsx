import { DEFAULT_RECORDER_SETTINGS, settingsEndpoints } from '@fieldbook/contract';
import { DEFAULT_CALL_RECORDER_SETTINGS } from '@fieldbook/call-recorder';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { ALL_GRANTED, installFakeRecorder, resetFakeRecorder } from '../../../test/fake-call-recorder';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { SettingsModal } from './settings-modal';

vi.mock('@fieldbook/call-recorder', async (original) => (await import('../../../test/fake-call-recorder')).mockCallRecorderModule(await original()));

const SETTINGS = { user_id: TEST_USER.id, theme: 'light' as const, notifications_enabled: true, email_notifications: true, sms_notifications: true, api_url: null, recorder_settings: DEFAULT_RECORDER_SETTINGS, updated_at: null };

afterEach(async () => {
  resetFakeRecorder();
  vi.unstubAllGlobals();
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

describe('Settings › Call Recorder (spec 001 §2: only where the mobile recorder plugin exists)', () => {
  it('is not offered in a browser, nor in an app built without the plugin', async () => {
    fakeApi().on(settingsEndpoints.get, SETTINGS);
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    expect(await screen.findByRole('tab', { name: 'General' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Call Recorder' })).toBeNull();
    cleanup();

    installFakeRecorder('missing');
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    expect(await screen.findByRole('tab', { name: 'General' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Call Recorder' })).toBeNull();
  });

  it('in the app: warns it works only there, shows the phone’s recorder settings (getSettings) and grants missing permissions', async () => {
    fakeApi().on(settingsEndpoints.get, SETTINGS);
    const plugin = installFakeRecorder();
    plugin.getSettings.mockResolvedValue({ settings: { ...DEFAULT_CALL_RECORDER_SETTINGS, audioQuality: 'high', lastGroupId: 'crew-7' } });
    plugin.checkPermissions.mockResolvedValue({ ...ALL_GRANTED, microphone: 'prompt' });
    plugin.requestPermissions.mockResolvedValue(ALL_GRANTED);
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Call Recorder' }));
    expect(screen.getByText('Call recording works only in the Fieldbook mobile app. Recorder options are managed on the Recordings screen.')).toBeTruthy();
    const table = await screen.findByTestId('recorder-device-settings');
    expect(table.textContent).toContain('High');
    expect(table.textContent).toContain('crew-7');
    expect(screen.getByText('Microphone: not allowed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Grant permissions' }));
    expect(await screen.findByText('Microphone: allowed')).toBeTruthy();
    expect(plugin.requestPermissions).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Grant permissions' })).toBeNull();
  });

  it('says the plugin is not available when it does not answer, and "Failed to request permissions" when asking fails', async () => {
    fakeApi().on(settingsEndpoints.get, SETTINGS);
    const plugin = installFakeRecorder();
    plugin.getSettings.mockRejectedValueOnce(new Error('"CallRecorder" plugin is not implemented on android'));
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Call Recorder' }));
    expect(await screen.findByText('Call Recorder plugin is not available in this environment.')).toBeTruthy();
    cleanup();

    plugin.checkPermissions.mockResolvedValue({ ...ALL_GRANTED, notifications: 'denied' });
    plugin.requestPermissions.mockRejectedValue(new Error('activity gone'));
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    await user.click(await screen.findByRole('tab', { name: 'Call Recorder' }));
    await user.click(await screen.findByRole('button', { name: 'Grant permissions' }));
    await waitFor(() => expect(screen.getByText('Failed to request permissions')).toBeTruthy());
  });
});
