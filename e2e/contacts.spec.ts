import { expect, test } from '@playwright/test';
import { CONTACTS_PAGE_SIZE } from '@fieldbook/contract';
import { createContact, createJob, createTask, createWorkSession, getContacts, getTask, openAs } from './support/work-data';

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

  test('many contacts: the list pages with the true total, search and pickers reach every contact', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const count = CONTACTS_PAGE_SIZE + 7;
    for (let i = 0; i < count; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, (_, k) => createContact(s, { name: `Crew ${String(i + k).padStart(3, '0')}`, phone_number: String(7_370_000_000 + i + k) })),
      );
    }
    const last = `Crew ${String(count - 1).padStart(3, '0')}`;
    const job = await createJob(s, { client_name: 'Paging Ranch' });
    const task = await createTask(s, { description: 'Patch the barn roof', job_id: job.id });
    await openAs(page, s, '/contacts');
    await expect(page.getByText(`${count} contacts · showing ${CONTACTS_PAGE_SIZE}`)).toBeVisible();
    await expect(page.getByTestId('contact-row')).toHaveCount(CONTACTS_PAGE_SIZE);
    await page.getByRole('button', { name: 'Load more contacts' }).click();
    await expect(page.getByTestId('contact-row')).toHaveCount(count);
    await expect(page.getByText(`${count} contacts`, { exact: true })).toBeVisible();
    await page.getByLabel('Search contacts').fill(last.toLowerCase());
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await expect(page.getByText('1 matching contacts')).toBeVisible();

    // The Assign Task picker finds the last contact by name, through the server.
    await page.goto('/tasks');
    await page.getByTestId('task-card').filter({ hasText: 'Patch the barn roof' }).getByRole('button', { name: 'Reassign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Task' });
    await expect(dialog.getByText(`Showing ${CONTACTS_PAGE_SIZE} of ${count}`)).toBeVisible();
    await dialog.getByLabel('Search assignees').fill(last);
    await dialog.getByRole('option', { name: new RegExp(last) }).click();
    await dialog.getByRole('button', { name: 'Assign Task' }).click();
    await expect(page.getByText(`Task assigned to ${last}`)).toBeVisible();
    // The board names the assignee although that contact is not on the pickers' first page.
    await expect(page.getByRole('region', { name: `Tasks for ${last}` })).toBeVisible();
    expect((await getTask(s, task.id)).assigned_to).toBe(String(7_370_000_000 + count - 1));
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
