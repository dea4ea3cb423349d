import { driveEndpoints, type DriveStatus } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DriveToggle } from './drive-toggle';

const base: DriveStatus = { configured: true, status: 'disconnected', user: null, folders: [], copies: { pending: 0, failed: 0 }, existing: { total: 0, done: 0, failed: 0 }, message: null };

afterEach(() => vi.unstubAllGlobals());

describe('Jobs dashboard: Connect Google Drive toggle', () => {
  it('on: goes to Google’s consent page; off: disconnects', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/jobs', search: '' });
    const api = fakeApi().on(driveEndpoints.status, base).on(driveEndpoints.connect, { authorization_url: 'https://accounts.example/auth?state=x' });
    const { unmount } = renderWithProviders(<DriveToggle />, { route: '/jobs' });
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Connect Google Drive' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?state=x'));
    expect(api.calls(driveEndpoints.connect)[0]?.body).toEqual({ return_to: '/jobs' });
    unmount();

    const api2 = fakeApi().on(driveEndpoints.status, { ...base, status: 'connected', user: { displayName: 'D', emailAddress: 'd@example.com' } }).on(driveEndpoints.disconnect, base);
    renderWithProviders(<DriveToggle />, { route: '/jobs' });
    const toggle = (await screen.findByRole('switch', { name: 'Connect Google Drive' })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    const user = userEvent.setup();
    // One tap only asks (issue 32 item 11): Cancel keeps the connection.
    await user.click(toggle);
    const ask = await screen.findByRole('dialog', { name: 'Disconnect Google Drive?' });
    expect(api2.calls(driveEndpoints.disconnect)).toHaveLength(0);
    expect(toggle.checked).toBe(true);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disconnect Google Drive?' })).toBeNull());
    expect(api2.calls(driveEndpoints.disconnect)).toHaveLength(0);
    expect(toggle.checked).toBe(true);
    // Confirmed, it disconnects.
    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog', { name: 'Disconnect Google Drive?' })).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api2.calls(driveEndpoints.disconnect)).toHaveLength(1));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('says a failed disconnect once, not with the prefix twice', async () => {
    const api = fakeApi()
      .on(driveEndpoints.status, { ...base, status: 'connected', user: { displayName: 'D', emailAddress: 'd@example.com' } })
      .on(driveEndpoints.disconnect, apiError(409, 'CONFLICT', 'Failed to disconnect from Google Drive: fetch failed'));
    renderWithProviders(
      <>
        <DriveToggle />
        <Toaster />
      </>,
      { route: '/jobs' },
    );
    const toggle = (await screen.findByRole('switch', { name: 'Connect Google Drive' })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog', { name: 'Disconnect Google Drive?' })).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.calls(driveEndpoints.disconnect)).toHaveLength(1));
    expect(await screen.findByText('Failed to disconnect from Google Drive: fetch failed')).toBeTruthy();
  });

  it('is not offered without Google credentials on the server', async () => {
    fakeApi().on(driveEndpoints.status, { ...base, configured: false });
    renderWithProviders(<DriveToggle />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('switch', { name: 'Connect Google Drive' })).toBeNull();
  });
});
