import { contactEndpoints, groupEndpoints, type Contact, type Group } from '@fieldbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeContact, makeGroup } from '../../../test/factories';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ShareContactModal } from './share-contact-modal';

const crew = makeGroup('North Crew');
const office = makeGroup('Office', { member_count: 1 });

let groups: Group[];
let shareAnswer: (body: { group_ids: string[] }) => Contact | Response;
let api: FakeApi;

beforeEach(() => {
  api = fakeApi()
    .on(groupEndpoints.list, () => ({ groups }))
    .on(contactEndpoints.share, ({ body }) => shareAnswer(body));
});
afterEach(() => vi.unstubAllGlobals());

describe('ShareContactModal', () => {
  it('says so when the user has no groups, and offers no save', async () => {
    groups = [];
    renderWithProviders(<ShareContactModal contact={makeContact('Rita Roofer', '5125550401')} opened onClose={() => {}} />);
    expect(await screen.findByText("You don't have any groups to share with")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Sharing' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ticks the groups it is shared with and saves the whole new set', async () => {
    groups = [crew, office];
    const contact = makeContact('Rita Roofer', '5125550401', { shared_group_ids: [office.id] });
    shareAnswer = (body) => ({ ...contact, shared_group_ids: body.group_ids });
    const onClose = vi.fn();
    renderWithProviders(<ShareContactModal contact={contact} opened onClose={onClose} />);
    const user = userEvent.setup();
    const crewBox = (await screen.findByRole('checkbox', { name: /North Crew/ })) as HTMLInputElement;
    expect(crewBox.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Office/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(crewBox);
    await user.click(screen.getByRole('checkbox', { name: /Office/ }));
    await user.click(screen.getByRole('button', { name: 'Save Sharing' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls(contactEndpoints.share).map(({ params, body }) => ({ params, body }))).toEqual([{ params: { id: contact.id }, body: { group_ids: [crew.id] } }]);
  });

  it('shows "Failed to update sharing" with the reason and stays open when the save is refused', async () => {
    groups = [crew];
    shareAnswer = () => apiError(400, 'VALIDATION_ERROR', 'You can only share with groups you belong to');
    const onClose = vi.fn();
    renderWithProviders(<ShareContactModal contact={makeContact('Rita Roofer', '5125550401')} opened onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /North Crew/ }));
    await user.click(screen.getByRole('button', { name: 'Save Sharing' }));
    expect(await screen.findByText('Failed to update sharing')).toBeTruthy();
    expect(screen.getByText('You can only share with groups you belong to')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in', () => {
    renderWithProviders(<ShareContactModal contact={makeContact('Rita Roofer', '5125550401')} opened onClose={() => {}} />, { user: null });
    expect(screen.getByText('You must be logged in to share contacts')).toBeTruthy();
  });
});
