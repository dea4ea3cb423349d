import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientMessageEndpoints, UNSUBSCRIBE_LINK_INVALID } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { UnsubscribeScreen } from './unsubscribe-screen';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = `00000000-0000-4000-8000-000000000009.1999999999.${'x'.repeat(43)}`;
const STATE = { company: 'Lopez Roofing', address: 'maria@example.com', opted_out: false };

describe('UnsubscribeScreen', () => {
  it('opening the link opts nothing out (mail scanners open links); the button’s POST does, then the page says so', async () => {
    const api = fakeApi().on(clientMessageEndpoints.unsubscribeState, STATE).on(clientMessageEndpoints.unsubscribe, { ...STATE, opted_out: true });
    renderWithProviders(<UnsubscribeScreen token={TOKEN} />, { user: null });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(screen.getByText('Lopez Roofing sends automatic emails, such as visit reminders and follow-ups, to maria@example.com.')).toBeTruthy();
    expect(api.calls(clientMessageEndpoints.unsubscribeState)).toHaveLength(1);
    expect(api.calls(clientMessageEndpoints.unsubscribe)).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('You won’t get automatic emails from Lopez Roofing any more at maria@example.com.')).toBeTruthy();
    expect(api.calls(clientMessageEndpoints.unsubscribe).map((c) => c.params)).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('an address already opted out is told so, with no button', async () => {
    const api = fakeApi().on(clientMessageEndpoints.unsubscribeState, { ...STATE, opted_out: true });
    renderWithProviders(<UnsubscribeScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('You won’t get automatic emails from Lopez Roofing any more at maria@example.com.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(api.calls(clientMessageEndpoints.unsubscribe)).toHaveLength(0);
  });

  it('a link the server refuses shows its reason, and nothing to press', async () => {
    fakeApi().on(clientMessageEndpoints.unsubscribeState, apiError(404, 'NOT_FOUND', UNSUBSCRIBE_LINK_INVALID));
    renderWithProviders(<UnsubscribeScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    expect(screen.getByText('Link not valid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('a failed POST leaves the button to try again, with the reason', async () => {
    const api = fakeApi().on(clientMessageEndpoints.unsubscribeState, STATE).on(clientMessageEndpoints.unsubscribe, apiError(429, 'RATE_LIMITED', 'Too many requests. Please slow down.'), { ...STATE, opted_out: true });
    renderWithProviders(<UnsubscribeScreen token={TOKEN} />, { user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Too many requests. Please slow down.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(api.calls(clientMessageEndpoints.unsubscribe)).toHaveLength(2));
    expect(await screen.findByText('You won’t get automatic emails from Lopez Roofing any more at maria@example.com.')).toBeTruthy();
  });
});
