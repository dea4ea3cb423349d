import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createContact, createJob, createTask, createWorkSession, openAs } from './support/work-data';
import { uniqueDigits } from './support/unique';

type MailboxMessage = { channel: 'email' | 'sms'; subject: string | null; body: string; links: string[]; attachments: { file_name: string; content_type: string; size: number }[] };

const jobCard = (page: Page, client: string) => page.getByTestId('job-card').filter({ has: page.getByRole('heading', { name: client, exact: true }) });

async function mailboxFor(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  let found: MailboxMessage[] = [];
  await expect
    .poll(async () => {
      found = ((await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as { messages: MailboxMessage[] }).messages;
      return found.length;
    })
    .toBeGreaterThan(0);
  return found;
}

test.describe('generating and sending documents', () => {
  test.slow();

  test('generate a priced invoice from a job, email it (PDF attached), text it, and open the texted link signed out', async ({ page, request, browser }) => {
    const s = await createWorkSession(request);
    const suffix = uniqueDigits(7);
    const phone = `512${suffix}`;
    const email = `homeowner-${suffix}@example.com`;
    await createContact(s, { name: 'Maria Garcia', phone_number: phone, email });
    const job = await createJob(s, { client_name: 'Garcia Residence', property_address: '12 Oak Ave, Austin TX', claim_number: 'CLM-7' });
    await createTask(s, { job_id: job.id, description: 'Tear off old shingles' });

    await openAs(page, s, '/jobs');
    const card = jobCard(page, 'Garcia Residence');
    // The needed invoice (a placeholder) opens the send modal to write it.
    await card.getByRole('button', { name: 'Generate Invoice' }).click();
    const modal = page.getByRole('dialog', { name: 'Invoice for Garcia Residence' });
    await modal.getByRole('button', { name: 'Add the job’s tasks' }).click();
    await modal.getByLabel('Unit price').fill('1850');
    await modal.getByRole('button', { name: 'Add line' }).click();
    await modal.getByLabel('Description').nth(1).fill('Dumpster');
    await modal.getByLabel('Unit price').nth(1).fill('400');
    await expect(modal.getByTestId('line-items-total')).toHaveText('Total $2,250.00');
    await page.screenshot({ path: 'test-results/generate-modal.png' });

    // Nothing chosen: the spec's message, nothing sent.
    await modal.getByRole('button', { name: 'Generate and Send' }).click();
    await expect(modal.getByRole('alert')).toContainText('Please select at least one contact');
    await modal.getByRole('option', { name: /Maria Garcia/ }).click();
    await modal.getByRole('button', { name: 'Generate and Send' }).click();
    await expect(page.getByText('Sent by email to Maria Garcia')).toBeVisible();

    const [mail] = await mailboxFor(request, email);
    expect(mail!.subject).toMatch(/^Invoice from .+ — 12 Oak Ave, Austin TX$/);
    expect(mail!.attachments).toEqual([expect.objectContaining({ content_type: 'application/pdf', file_name: expect.stringMatching(/^Invoice - Garcia Residence - \d{4}-\d{2}-\d{2}\.pdf$/) })]);

    // The card now has the invoice under Created; it opens the document details modal with a preview.
    const created = card.getByRole('region', { name: 'Created documents' });
    await expect(created.getByRole('button', { name: /Open Invoice - Garcia Residence/ })).toBeVisible();
    await created.getByRole('button', { name: /Open Invoice - Garcia Residence/ }).click();
    const details = page.getByRole('dialog', { name: 'Document details' });
    await expect(details.getByTestId('document-preview')).toBeVisible();
    await expect(details.getByTestId('field-total')).toHaveText('$2,250.00');
    await page.screenshot({ path: 'test-results/document-details-modal.png' });

    // Send it again, by SMS.
    await details.getByRole('button', { name: 'Send' }).click();
    const send = page.getByRole('dialog', { name: /^Send Invoice - Garcia Residence/ });
    await send.getByText('SMS', { exact: true }).click();
    await send.getByRole('option', { name: /Maria Garcia/ }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/send-modal-390.png' });
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Sent by SMS to Maria Garcia')).toBeVisible();

    const [sms] = await mailboxFor(request, `+1${phone}`);
    const link = sms!.links.find((l) => l.includes('/api/shared-documents/'));
    expect(link).toBeTruthy();

    // Signed out, in a fresh browser: the link downloads the PDF.
    const stranger = await browser.newContext();
    const res = await stranger.request.get(new URL(link!).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await stranger.close();
  });

  test('a task’s work order from the job card; Send Tasks texts the open tasks', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const phone = `737${uniqueDigits(7)}`;
    await createContact(s, { name: 'Sam Crew', phone_number: phone });
    const job = await createJob(s, { client_name: 'Lee Family', property_address: '9 Pine Rd' });
    await createTask(s, { job_id: job.id, description: 'Replace vent boots' });
    await openAs(page, s, '/jobs');
    const card = jobCard(page, 'Lee Family');

    await card.getByRole('button', { name: 'Work order for Replace vent boots' }).click();
    const modal = page.getByRole('dialog', { name: 'Work Order: Replace vent boots' });
    await modal.getByRole('button', { name: 'Generate only' }).click();
    await expect(page.getByText(/Work order created: Work order - Lee Family/)).toBeVisible();
    await expect(card.getByRole('region', { name: 'Created documents' }).getByRole('button', { name: /Open Work order - Lee Family/ })).toBeVisible();

    await card.getByRole('button', { name: 'Send Tasks' }).click();
    const send = page.getByRole('dialog', { name: 'Send Tasks: Lee Family' });
    await send.getByLabel('Message').fill('Crew arrives at 8am.');
    await page.screenshot({ path: 'test-results/send-tasks-modal.png' });
    await send.getByText('Email', { exact: true }).click();
    await send.getByRole('option', { name: /Sam Crew/ }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    // Sam has no email: the spec's message, nothing sent.
    await expect(send.getByRole('alert')).toContainText('No valid email addresses found in selected contacts');
    await send.getByText('SMS', { exact: true }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Sent by SMS to Sam Crew')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/job-card-documents-390.png', fullPage: true });
    const [sms] = await mailboxFor(request, `+1${phone}`);
    expect(sms!.body).toContain('Crew arrives at 8am.');
    expect(sms!.body).toContain('• Replace vent boots (pending)');
  });
});
