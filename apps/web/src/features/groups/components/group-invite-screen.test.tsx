import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupEndpoints, INVITATION_NOT_FOUND, type MyInvitation } from '@fieldbook/contract';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { GroupInviteScreen } from './group-invite-screen';

const ID = '00000000-0000-4000-8000-0000000000e1';
const MINE: MyInvitation = { id: ID, group_name: 'North Crew', group_description: 'Roofing', role: 'member', expires_at: '2026-12-01T00:00:00.000Z', phone_hint: '0511' };

/** The signed-in user's invitation and its actions as the server answers them (groups.routes.test.ts proves the server). */
function serve(preview: MyInvitation | Response = MINE) {
  return fakeApi()
    .on(groupEndpoints.mine, ({ params }) => (params.id === ID ? preview : apiError(404, 'NOT_FOUND', INVITATION_NOT_FOUND)))
    .on(groupEndpoints.mineSendCode, { phone_hint: '0511', expires_at: '2026-12-01T00:10:00.000Z' })
    .on(groupEndpoints.mineAccept, { group_id: '00000000-0000-4000-8000-0000000000e2', already_member: false })
    .on(groupEndpoints.mineDecline, { ok: true });
}
afterEach(() => vi.unstubAllGlobals());

/** The screen under its route, with the pages it leads to: where it goes is visible, and it never leaves the app. */
function renderAt() {
  return renderWithProviders(
    <Routes>
      <Route path="/group-invite/:inviteId" element={<GroupInviteScreen inviteId={ID} />} />
      <Route path="/groups" element={<p>Groups page</p>} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route: `/group-invite/${ID}` },
  );
}

describe('GroupInviteScreen (/group-invite/:inviteId)', () => {
  it('shows the signed-in user’s invitation by its id and accepts it with the texted code, then goes to /groups', async () => {
    const back = vi.spyOn(window.history, 'back');
    const api = serve();
    renderAt();
    expect(await screen.findByTestId('invitation-group')).toHaveProperty('textContent', 'North Crew');
    expect(screen.getByText('Member')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the text message' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(api.calls(groupEndpoints.mineAccept)[0]!.body).toEqual({ code: '246810' });
    expect(await screen.findByText('Groups page', {}, { timeout: 4000 })).toBeTruthy();
    expect(back).not.toHaveBeenCalled();
  });

  it('declines it and goes home inside the app', async () => {
    const api = serve();
    renderAt();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation declined.')).toBeTruthy();
    expect(api.calls(groupEndpoints.mineDecline).map((r) => r.params.id)).toEqual([ID]);
    expect(await screen.findByText('Home page', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('an invitation that is not theirs (or is gone) says so, with a way back to the groups', async () => {
    serve(apiError(404, 'NOT_FOUND', INVITATION_NOT_FOUND));
    renderAt();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', INVITATION_NOT_FOUND);
    expect(screen.getByRole('link', { name: 'Go to Groups' }).getAttribute('href')).toBe('/groups');
  });
});
