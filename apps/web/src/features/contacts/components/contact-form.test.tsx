import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CONTACT_FORM } from '../lib/contact-form';
import { ContactForm } from './contact-form';

// happy-dom has no document.fonts; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

afterEach(cleanup);

function renderForm(onSubmit = vi.fn()) {
  render(
    <MantineProvider>
      <ContactForm initialValues={EMPTY_CONTACT_FORM} submitLabel="Create Contact" isSaving={false} onSubmit={onSubmit} onCancel={() => {}} />
    </MantineProvider>,
  );
  return { onSubmit, phone: screen.getByLabelText(/Phone number/) as HTMLInputElement };
}

describe('ContactForm', () => {
  it('formats the phone as (xxx) xxx-xxxx while typing and stops at 10 digits', async () => {
    const user = userEvent.setup();
    const { phone } = renderForm();
    await user.type(phone, '555');
    expect(phone.value).toBe('(555');
    await user.type(phone, '1234');
    expect(phone.value).toBe('(555) 123-4');
    await user.type(phone, '567890');
    expect(phone.value).toBe('(555) 123-4567');
  });

  it('keeps the caret where the user edits in the middle of the number', async () => {
    const user = userEvent.setup();
    const { phone } = renderForm();
    await user.type(phone, '5125559876');
    // "(512) 5|55-9876": Backspace removes that 5, then a 5 typed goes back in the same place, not at the end.
    await user.type(phone, '{Backspace}', { initialSelectionStart: 7, initialSelectionEnd: 7 });
    expect(phone.value).toBe('(512) 559-876');
    expect(phone.selectionStart).toBe(4);
    await user.keyboard('5');
    expect(phone.value).toBe('(512) 555-9876');
    expect(phone.selectionStart).toBe(7);
  });

  it('shows the specified messages and submits digits-only values when valid', async () => {
    const user = userEvent.setup();
    const { onSubmit, phone } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(screen.getByText('Contact name is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Name/), 'Ann Roofer');
    await user.type(phone, '555-123');
    await user.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeTruthy();

    await user.type(phone, '4567');
    await user.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Ann Roofer', phone: '(555) 123-4567' });
  });
});

describe('ContactForm with the Contact Picker API', () => {
  afterEach(() => {
    delete (navigator as { contacts?: unknown }).contacts;
  });

  it('fills name, phone and email from a contact picked on the phone', async () => {
    const select = vi.fn(async () => [{ name: ['Rosa Electric'], tel: ['+1 (512) 555-0177', '555'], email: ['rosa@example.com'] }]);
    Object.defineProperty(navigator, 'contacts', { value: { select }, configurable: true });
    const user = userEvent.setup();
    const { phone } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick from phone contacts' }));
    // Through the contact helper's web implementation (@fieldbook/contact-helper), loaded at the first pick.
    await waitFor(() => expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Rosa Electric'));
    expect(select).toHaveBeenCalledWith(['name', 'tel', 'email'], { multiple: false });
    expect(phone.value).toBe('(512) 555-0177');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('rosa@example.com');
  });

  it('offers nothing where the browser has no picker (entered by hand)', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Pick from phone contacts' })).toBeNull();
  });
});
