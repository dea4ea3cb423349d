import { settingsEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS } from '../../../lib/local-settings';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SettingsModal } from './settings-modal';

/** The settings endpoints' fake in these tests (the browser test drives the real server). */
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  // Closing the modal restores the saved theme, and Mantine removes its transition-blocking style 10 ms after a
  // colour-scheme change: unmount here (the shared cleanup runs after this hook) and let that timer run before the
  // test environment (and its document) is torn down.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

describe('SettingsModal', () => {
  it('when the settings cannot be loaded: shows why, offers Retry, and Save stays disabled so the defaults never overwrite them', async () => {
    api = fakeApi().on(settingsEndpoints.get, apiError(500, 'INTERNAL', 'Something went wrong'));
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    expect(await screen.findByText('Failed to load settings: Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.setup().click(save);
    expect(api.calls(settingsEndpoints.update)).toHaveLength(0);
  });

  it('Save Settings saves the General tab and is offered there alone — Security has no Save of it', async () => {
    api = fakeApi().on(settingsEndpoints.get, apiError(500, 'INTERNAL', 'Something went wrong'));
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Security/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('Reset to default clears this device’s API URL at once, even while the API is unreachable', async () => {
    localStorage.setItem(LOCAL_KEYS.apiBase, 'https://api.unreachable.example');
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    fakeApi().on(settingsEndpoints.get, unreachable).on(settingsEndpoints.update, unreachable);
    renderWithProviders(<SettingsModal opened onClose={() => {}} />);
    const reset = await screen.findByRole('button', { name: 'Reset to default' });
    await userEvent.setup().click(reset);
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBeNull();
    await waitFor(() => expect(screen.getByText(/API URL reset on this device/)).toBeTruthy(), { timeout: 5000 });
  });
});
