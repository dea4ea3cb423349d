import { driveEndpoints, type DriveStatus } from '@fieldbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DriveToggle } from './drive-toggle';

const base: DriveStatus = { configured: true, status: 'disconnected', user: null, folders: [], copies: { pending: 0, failed: 0 }, message: null };

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
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(api2.calls(driveEndpoints.disconnect)).toHaveLength(1));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('is not offered without Google credentials on the server', async () => {
    fakeApi().on(driveEndpoints.status, { ...base, configured: false });
    renderWithProviders(<DriveToggle />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('switch', { name: 'Connect Google Drive' })).toBeNull();
  });
});
