import { workRequestEndpoints } from '@fieldbook/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { HubRequestWorkForm } from './hub-request-work-form';

afterEach(() => vi.unstubAllGlobals());

describe('Request work in the client hub', () => {
  it('asks only what, where and when (the hub knows who) and sends them with the hub’s token, no proof of work', async () => {
    const api = fakeApi().on(workRequestEndpoints.hubSubmit, { received: true, photo_token: 'photo-token', max_photos: 5 });
    const user = userEvent.setup();
    renderWithProviders(<HubRequestWorkForm token="hub-token" company="Ridge Line Roofing" />, { user: null });
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    expect(screen.queryByLabelText(/Phone/)).toBeNull();
    await user.type(screen.getByLabelText(/What do you need done/), 'Paint the porch');
    await user.type(screen.getByLabelText(/Address of the work/), '12 Elm St');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you — Ridge Line Roofing has your request and will be in touch.')).toBeTruthy();
    expect(api.calls(workRequestEndpoints.hubSubmit)[0]).toMatchObject({ params: { token: 'hub-token' }, body: { what: 'Paint the porch', address: '12 Elm St', preferred_times: '' } });
    expect(api.calls(workRequestEndpoints.publicChallenge)).toHaveLength(0);
    expect(api.problems).toEqual([]);
  });
});
