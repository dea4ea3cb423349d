import { screen } from '@testing-library/react';
import { INVITATION_EXPIRED, INVITATION_NOT_FOUND } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InvitationScreen } from './invitation-screen';

/** The server's answers for an invitation that cannot be used (groups.routes.test.ts proves when it gives them). */
function answer(status: number, message: string, code: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code, message } }), { status, headers: { 'content-type': 'application/json' } }));
}
afterEach(() => vi.unstubAllGlobals());

describe('InvitationScreen', () => {
  it('an expired invitation shows the error card with the specified message, for a visitor too', async () => {
    answer(410, INVITATION_EXPIRED, 'GONE');
    renderWithProviders(<InvitationScreen token="k3Xq9vR2mT8wLp4ZsN6yQa1B" />, { user: null, route: '/invitation/k3Xq9vR2mT8wLp4ZsN6yQa1B' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This invitation has expired');
    expect(screen.getByText('Invitation Error')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join Group/ })).toBeNull();
  });

  it('an unknown or used one says so', async () => {
    answer(404, INVITATION_NOT_FOUND, 'NOT_FOUND');
    renderWithProviders(<InvitationScreen token="used-token-used-token-00" />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invitation not found or has expired');
  });
});
