import { MantineProvider } from '@mantine/core';
import type * as ContactHelperModule from '@fieldbook/contact-helper';
import type { ContactHelperAvailability, ContactHelperPlugin } from '@fieldbook/contact-helper';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { EMPTY_CONTACT_FORM } from '../lib/contact-form';
import { ContactForm } from './contact-form';

/**
 * The contact form's "Pick from phone contacts" inside the mobile app: the contact helper plugin (spec 001 §7) answered
 * by a fake native plugin, the app's availability chosen by the test (issue 32 item 12).
 */
const state: { availability: ContactHelperAvailability; pickContacts: Mock<ContactHelperPlugin['pickContacts']> } = {
  availability: 'native',
  pickContacts: vi.fn(),
};

vi.mock('@fieldbook/contact-helper', async (original) => {
  const real = await original<typeof ContactHelperModule>();
  return { ...real, contactHelperAvailability: () => state.availability, ContactHelper: { pickContacts: (options?: { multiple?: boolean }) => state.pickContacts(options) } };
});

// happy-dom has no document.fonts; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

beforeEach(() => {
  state.availability = 'native';
  state.pickContacts = vi.fn();
});
afterEach(cleanup);

const renderForm = () =>
  render(
    <MantineProvider>
      <ContactForm initialValues={EMPTY_CONTACT_FORM} submitLabel="Create Contact" isSaving={false} onSubmit={vi.fn()} onCancel={() => {}} />
    </MantineProvider>,
  );
const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Pick from phone contacts in the mobile app (the contact helper plugin)', () => {
  it('fills the form from the contact the phone’s picker answers (one contact asked for)', async () => {
    state.pickContacts.mockResolvedValue({ contacts: [{ id: '42', name: 'Rosa Electric', phoneNumber: '+1 512-555-0177', photoUrl: null, email: 'rosa@example.com' }] });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pick from phone contacts' }));
    await waitFor(() => expect(value(/^Name/)).toBe('Rosa Electric'));
    expect(state.pickContacts).toHaveBeenCalledWith({ multiple: false });
    expect(value(/Phone number/)).toBe('(512) 555-0177');
    expect(value(/^Email/)).toBe('rosa@example.com');
  });

  it('a cancelled pick changes nothing; a failed one says so and the form stays usable', async () => {
    state.pickContacts.mockResolvedValueOnce({ contacts: [] }).mockRejectedValueOnce(Object.assign(new Error('READ_CONTACTS refused'), { code: 'PERMISSION_DENIED' }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pick from phone contacts' }));
    await waitFor(() => expect(state.pickContacts).toHaveBeenCalledTimes(1));
    expect(value(/^Name/)).toBe('');
    await user.click(screen.getByRole('button', { name: 'Pick from phone contacts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not read the phone’s contacts. Type the contact instead.');
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    expect(value(/^Name/)).toBe('Ann');
  });

  it('the helper unavailable (UNAVAILABLE) is said in its own words', async () => {
    state.pickContacts.mockRejectedValue(Object.assign(new Error('x'), { code: 'UNAVAILABLE' }));
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pick from phone contacts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Phone contacts are not available in this browser.');
  });

  it('offers no pick where neither the plugin nor a Contact Picker exists', () => {
    state.availability = 'none';
    renderForm();
    expect(screen.queryByRole('button', { name: 'Pick from phone contacts' })).toBeNull();
  });
});
