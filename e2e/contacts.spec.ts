import { expect, test } from '@playwright/test';
import { createContact, createWorkSession, getContacts, openAs } from './support/work-data';

const CONFIRMATION = 'Are you sure you want to delete this contact? This action cannot be undone.';

test.describe('contacts', () => {
  test('create: required fields, the phone formatted while typing, stored as digits', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await openAs(page, s, '/contacts');
    await expect(page.getByText('No contacts available')).toBeVisible();

    await page.getByRole('button', { name: 'Add Contact' }).click();
    const panel = page.getByRole('dialog', { name: 'New Contact' });
    await panel.getByRole('button', { name: 'Create Contact' }).click();
    await expect(panel.getByText('Contact name is required')).toBeVisible();
    await expect(panel.getByText('Phone number is required')).toBeVisible();

    await panel.getByLabel('Name').fill('Rosa Electric');
    const phone = panel.getByLabel('Phone number');
    await phone.pressSequentially('512');
    await expect(phone).toHaveValue('(512');
    await phone.pressSequentially('555');
    await expect(phone).toHaveValue('(512) 555');
    await panel.getByRole('button', { name: 'Create Contact' }).click();
    await expect(panel.getByText('Please enter a valid 10-digit phone number')).toBeVisible();

    await phone.press('End'); // focus() put the caret at the start
    await phone.pressSequentially('01239'); // the 11th digit is ignored
    await expect(phone).toHaveValue('(512) 555-0123');
    await panel.getByLabel('Email', { exact: true }).fill('rosa@example.com');
    await panel.getByLabel('Role').fill('Electrician');
    await panel.getByRole('button', { name: 'Create Contact' }).click();
    await expect(page.getByText('Contact created')).toBeVisible();
    await expect(panel).toBeHidden();

    const row = page.getByTestId('contact-row').filter({ hasText: 'Rosa Electric' });
    await expect(row).toContainText('(512) 555-0123');
    await expect(row).toContainText('rosa@example.com');
    const { contacts } = await getContacts(s);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: 'Rosa Electric', phone_number: '5125550123', email: 'rosa@example.com', role: 'Electrician' });
  });

  test('edit through /contacts/:contactId, and the list search', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const contact = await createContact(s, { name: 'Sam Drywall', phone_number: '5125550150', role: 'Drywall' });
    await createContact(s, { name: 'Tina Tile', phone_number: '5125550160' });
    await openAs(page, s, `/contacts/${contact.id}`);

    const panel = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(panel.getByLabel('Name')).toHaveValue('Sam Drywall');
    await expect(panel.getByLabel('Phone number')).toHaveValue('(512) 555-0150');
    await panel.getByLabel('Name').fill('Sam Sheetrock');
    await panel.getByLabel('Phone number').fill('');
    await panel.getByLabel('Phone number').pressSequentially('7375550199');
    await expect(panel.getByLabel('Phone number')).toHaveValue('(737) 555-0199');
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Contact updated')).toBeVisible();
    await expect(page).toHaveURL('/contacts');
    await expect(page.getByTestId('contact-row').filter({ hasText: 'Sam Sheetrock' })).toContainText('(737) 555-0199');
    expect((await getContacts(s)).contacts.find((c) => c.id === contact.id)).toMatchObject({ name: 'Sam Sheetrock', phone_number: '7375550199' });

    await page.getByLabel('Search contacts').fill('tina');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await page.getByLabel('Search contacts').fill('555 0199');
    await expect(page.getByTestId('contact-row')).toHaveText(/Sam Sheetrock/);
    await page.getByLabel('Search contacts').fill('nobody here');
    await expect(page.getByText('No matching contacts found')).toBeVisible();
  });

  test('delete asks for confirmation; Cancel keeps the contact', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await createContact(s, { name: 'Uma Gutters', phone_number: '5125550170' });
    await openAs(page, s, '/contacts');
    // Deleting from /contacts/:id must not make the screen look the deleted contact up on its own.
    const notFound: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 404 && res.url().includes('/api/contacts/')) notFound.push(res.url());
    });

    await page.getByTestId('contact-row').filter({ hasText: 'Uma Gutters' }).click();
    await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
    const panel = page.getByRole('dialog', { name: 'Edit Contact' });
    await panel.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Uma Gutters?' });
    await expect(confirm.getByText(CONFIRMATION, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await getContacts(s)).total).toBe(1);

    await panel.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete Contact' }).click();
    await expect(page.getByText('Contact deleted')).toBeVisible();
    await expect(page.getByText('No contacts available')).toBeVisible();
    await expect(page).toHaveURL('/contacts');
    expect((await getContacts(s)).total).toBe(0);
    await expect(page.getByText('Contact not found')).toHaveCount(0);
    expect(notFound).toEqual([]);
  });
});
