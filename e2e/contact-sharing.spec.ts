import { expect, test, type APIRequestContext } from '@playwright/test';
import { textedInvitationCode } from './support/invitations';
import { createContact, createWorkSession, openAs, type WorkSession } from './support/work-data';

type MailboxMessage = { to: string; links: string[] };

async function api<T>(s: WorkSession, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await s.request.fetch(path, { method, headers: s.headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The invitation token texted to `phone` (E.164), from the development mailbox. */
async function textedToken(request: APIRequestContext, phone: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(phone)}`)).json()) as { messages: MailboxMessage[] };
      link = messages.flatMap((m) => m.links).find((l) => l.includes('/invitation/'));
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname.split('/').pop()!;
}

test.describe('contact sharing and contact groups', () => {
  test.slow();

  test('the owner shares a contact with their crew; a member sees it read-only on a phone; a contact group fills the invite list', async ({ page, request, browser }) => {
    const owner = await createWorkSession(request);
    const crew = await createWorkSession(request);
    // The crew member joins the owner's group through a texted invitation (accepted through the API).
    const group = await api<{ id: string }>(owner, 'POST', '/api/groups', { name: 'Shingle Crew', description: null });
    const crewCard = await createContact(owner, { name: 'Carl Crew', phone_number: '5125550501' });
    await api(owner, 'POST', `/api/groups/${group.id}/invitations`, { contact_ids: [crewCard.id], role: 'member' });
    const token = await textedToken(request, '+15125550501');
    await api(crew, 'POST', `/api/invitations/${token}/code`);
    await api(crew, 'POST', `/api/invitations/${token}/accept`, { code: await textedInvitationCode(request, '+15125550501') });
    await createContact(owner, { name: 'Rita Roofer', phone_number: '5125550502', email: 'rita@roofs.test', role: 'Roofer' });
    await createContact(owner, { name: 'Sam Siding', phone_number: '5125550503' });

    // The owner shares Rita with the crew from her contact panel.
    await openAs(page, owner, '/contacts');
    await page.getByRole('button', { name: 'Edit Rita Roofer' }).click();
    await expect(page.getByText('Not shared with any group')).toBeVisible();
    await page.getByRole('button', { name: 'Share with Groups' }).click();
    const modal = page.getByRole('dialog', { name: 'Share Rita Roofer with Groups' });
    await modal.getByRole('checkbox', { name: /Shingle Crew/ }).check();
    await modal.getByRole('button', { name: 'Save Sharing' }).click();
    await expect(page.getByText('Rita Roofer is shared with 1 group(s)')).toBeVisible();
    await expect(page.getByText('Shared with 1 group(s)').first()).toBeVisible();

    // The member, on a phone: Rita is listed as shared, opens read-only; Sam (not shared) is not there.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const member = await phone.newPage();
    await openAs(member, crew, '/contacts');
    const row = member.getByTestId('contact-row').filter({ hasText: 'Rita Roofer' });
    await expect(row.getByText(/^Shared by /)).toBeVisible();
    await expect(member.getByText('Sam Siding')).toHaveCount(0);
    await row.click();
    const view = member.getByTestId('shared-contact');
    await expect(view.getByText(/Only they can change or delete it/)).toBeVisible();
    await expect(view.getByText('rita@roofs.test')).toBeVisible();
    await expect(member.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await member.screenshot({ path: 'test-results/shared-contact-390.png', fullPage: true });
    await phone.close();

    // A contact group made in the invite list, then used to fill it again.
    await page.goto('/groups');
    await page.getByRole('button', { name: 'Invite to Shingle Crew' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to Shingle Crew' });
    await invite.getByRole('option', { name: /Rita Roofer/ }).click();
    await invite.getByRole('option', { name: /Sam Siding/ }).click();
    await invite.getByRole('button', { name: 'New contact group' }).click();
    await invite.getByRole('button', { name: 'Save' }).click();
    await expect(invite.getByText('Group name is required')).toBeVisible();
    await invite.getByLabel('Contact group name').fill('Exterior subs');
    await invite.getByRole('button', { name: 'Save' }).click();
    await expect(invite.getByRole('button', { name: 'Select contact group Exterior subs' })).toHaveText('Exterior subs (2)');
    await invite.getByRole('option', { name: /Rita Roofer/ }).click();
    await invite.getByRole('option', { name: /Sam Siding/ }).click();
    await expect(invite.getByRole('button', { name: 'Send Invitations' })).toBeVisible();
    await invite.getByRole('button', { name: 'Select contact group Exterior subs' }).click();
    await expect(invite.getByRole('button', { name: 'Send Invitations (2)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/invite-contact-group.png' });
  });
});
