import { clientHubEndpoints } from '@fieldbook/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ContactHubPanel } from './contact-hub-panel';

const CONTACT = '00000000-0000-4000-8000-0000000000c1';
const LINK = 'http://localhost:3000/h/6f1d2c3b-0000-4000-8000-000000000001.1776000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

afterEach(() => vi.unstubAllGlobals());

describe("the contact's Client hub panel", () => {
  it('copies a fresh hub link, and turns off the links sent so far after a confirmation', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = fakeApi()
      .on(clientHubEndpoints.contactHub, { link: LINK, links_valid_after: null })
      .on(clientHubEndpoints.revokeContactHub, { link: LINK, links_valid_after: '2026-03-10T15:00:00.000Z' });
    renderWithProviders(<ContactHubPanel contactId={CONTACT} />);
    await user.click(screen.getByRole('button', { name: 'Copy Client Link' }));
    expect(await screen.findByText('Hub link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(api.calls(clientHubEndpoints.contactHub)[0]?.params).toEqual({ id: CONTACT });

    await user.click(screen.getByRole('button', { name: 'Turn off links sent so far' }));
    // Nothing is turned off before the confirmation.
    expect(api.calls(clientHubEndpoints.revokeContactHub)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Links sent so far no longer open the hub.')).toBeTruthy();
    expect(api.calls(clientHubEndpoints.revokeContactHub)[0]?.params).toEqual({ id: CONTACT });
    expect(api.problems).toEqual([]);
  });
});
