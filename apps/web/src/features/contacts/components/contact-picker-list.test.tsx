import { contactEndpoints, type ContactList } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { makeContact } from '../../../test/factories';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { contactKeys } from '../api/keys';
import { CONTACT_LIST_MAX_HEIGHT, ContactPickerList } from './contact-picker-list';


// Two contacts share one phone number (saved before the one-phone rule): the picker must tell them apart by id.
const ann = makeContact('Ann Roofer', '5125550101');
const annOld = makeContact('Ann (old card)', '5125550101');
const bob = makeContact('Bob Plumber', '5125550102');

function renderPicker(props: Partial<Parameters<typeof ContactPickerList>[0]> = {}, page: ContactList = { contacts: [ann, annOld, bob], total: 3 }) {
  const queryClient = createTestQueryClient();
  // The server's first page, as GET /api/contacts answered it (the picker reads it from the cache).
  queryClient.setQueryData(contactKeys.list(''), page);
  const onChange = vi.fn();
  renderWithProviders(<ContactPickerList value={[]} onChange={onChange} maxSelection={1} {...props} />, { queryClient });
  return { onChange };
}

describe('ContactPickerList', () => {
  it('keeps two contacts with one phone apart: each is its own option, chosen by id', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker();
    const list = screen.getByRole('listbox', { name: 'Contacts' });
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    await user.click(within(list).getByRole('option', { name: /Ann \(old card\)/ }));
    expect(onChange).toHaveBeenCalledWith([annOld.id], [annOld]);
  });

  it('shows how many of all contacts the server answered, and a panel at most 48 units high', () => {
    renderPicker({}, { contacts: [ann, bob], total: 1200 });
    expect(screen.getByText('Showing 2 of 1200 — type to narrow the list')).toBeTruthy();
    expect(CONTACT_LIST_MAX_HEIGHT).toBe('12rem');
    // The scroll panel around the list carries the cap.
    let el: HTMLElement | null = screen.getByRole('listbox', { name: 'Contacts' });
    while (el && !el.getAttribute('style')?.includes('max-height')) el = el.parentElement;
    expect(el?.style.maxHeight).toBe('12rem');
  });

  it('says so when there are no contacts yet', () => {
    renderPicker({}, { contacts: [], total: 0 });
    expect(screen.getByText('No contacts available')).toBeTruthy();
  });

  it('with notInGroup, asks the server for the contacts not in the group, so 50 members first never leave it empty', async () => {
    const groupId = '00000000-0000-4000-8000-0000000000f1';
    const api = fakeApi().on(contactEndpoints.list, { contacts: [bob], total: 1 });
    try {
      renderWithProviders(<ContactPickerList value={[]} onChange={vi.fn()} notInGroup={groupId} />);
      expect(await screen.findByRole('option', { name: /Bob Plumber/ })).toBeTruthy();
      expect(api.calls(contactEndpoints.list)[0]?.query.not_in_group).toBe(groupId);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
