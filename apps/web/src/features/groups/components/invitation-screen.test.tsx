import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupEndpoints, INVITATION_CODE_INVALID, INVITATION_CODE_REQUIRED, INVITATION_EXPIRED, INVITATION_NOT_FOUND, runtimeTimeZone, type ErrorCode, type InvitationPreview } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../../lib/auth-client';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InvitationScreen } from './invitation-screen';

/** The server's answers for an invitation that cannot be used (groups.routes.test.ts proves when it gives them). */
function answer(status: number, message: string, code: ErrorCode) {
  fakeApi().on(groupEndpoints.preview, apiError(status, code, message));
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'k3Xq9vR2mT8wLp4ZsN6yQa1B';
const PREVIEW: InvitationPreview = { group_name: 'North Crew', group_description: null, role: 'admin', expires_at: '2026-12-01T00:00:00.000Z', phone_hint: '0111' };

/** The invitation endpoints as the server answers them; a test adds or replaces fakes on what this returns. */
function serveInvitation(): FakeApi {
  return fakeApi().on(groupEndpoints.preview, PREVIEW).on(groupEndpoints.sendCode, { phone_hint: '0111', expires_at: '2026-12-01T00:10:00.000Z' });
}

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

  it('a signed-in user accepts only with the code texted to the invited phone; a wrong code is shown at the field', async () => {
    const api = serveInvitation().on(groupEndpoints.accept, apiError(400, 'VALIDATION_ERROR', INVITATION_CODE_INVALID, [{ field: 'code', message: INVITATION_CODE_INVALID }]));
    renderWithProviders(<InvitationScreen token={TOKEN} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation (Web)' }));
    expect(await screen.findByText(INVITATION_CODE_REQUIRED)).toBeTruthy();
    expect(api.calls(groupEndpoints.accept)).toEqual([]);

    // The web choice says what joining here takes: the code (not 'immediate', since a code is needed).
    expect(screen.getByText('Join here on the web with a code texted to the invited phone.')).toBeTruthy();
    expect(screen.getByText(/the invited phone \(ending in 0111\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We texted a 6-digit code to the phone ending in 0111.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Code from the text message' }), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation (Web)' }));
    expect(await screen.findByText(INVITATION_CODE_INVALID)).toBeTruthy();
    expect(api.calls(groupEndpoints.accept)[0]!.body).toEqual({ code: '123456' });
    // Still on the invitation, able to ask for a new code: not the error card.
    expect(screen.queryByText('Invitation Error')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });

  it('a visitor whose sign-in fails right after the sign-up is not told Success!, and is sent to sign in', async () => {
    const api = serveInvitation().on(groupEndpoints.signUp, { group_id: '00000000-0000-4000-8000-0000000000d1', confirmation_required: false });
    const signIn = vi.spyOn(auth, 'signInWithPassword').mockResolvedValue({ data: { user: null, session: null }, error: { message: 'Invalid login credentials' } } as never);
    renderWithProviders(<InvitationScreen token={TOKEN} />, { user: null });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Full Name/), 'Ann Roofer');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'ann-password-1');
    await user.type(screen.getByLabelText(/Confirm Password/), 'ann-password-1');
    await user.click(screen.getByRole('button', { name: 'Join Group (Web)' }));
    expect(await screen.findByText(INVITATION_CODE_REQUIRED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await user.type(screen.getByRole('textbox', { name: 'Code from the text message' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Join Group (Web)' }));
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeTruthy();
    expect(screen.getByText(/signing you in failed: Invalid login credentials/)).toBeTruthy();
    expect(screen.queryByText('Success!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
    await waitFor(() => expect(signIn).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'ann-password-1' }));
    // The browser's zone goes along, for the new account's personal workspace.
    expect(api.calls(groupEndpoints.signUp)[0]!.body).toEqual({ full_name: 'Ann Roofer', email: 'ann@example.com', password: 'ann-password-1', code: '654321', time_zone: runtimeTimeZone() });
  });
});
