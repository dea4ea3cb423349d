import { expect, test } from '@playwright/test';
import { createJob, createWorkSession, openAs } from './support/work-data';

const INVOICE = `INVOICE #1042
Bill To: Maria Garcia
Property Address: 12 Oak Ave, Austin TX 78701
Claim Number: CLM-2024-0042
Date: 11/20/2026
Architectural shingles  24  $2,160.00
Total Due: $4,250.00`;

test.describe('documents', () => {
  test.slow(); // upload, background processing, preview and download in one story

  test('upload → processed (typed, attached to its job by claim number) → preview and fields → download → delete; a disguised program is refused', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const job = await createJob(s, { client_name: 'Garcia Residence', property_address: '12 Oak Ave', claim_number: 'clm-2024-0042' });
    await openAs(page, s, '/documents');
    await expect(page.getByText('No documents yet')).toBeVisible();

    await page.getByLabel('Upload documents').setInputFiles([
      { name: 'garcia-invoice.txt', mimeType: 'text/plain', buffer: Buffer.from(INVOICE) },
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2048, 1)]) },
    ]);
    const uploads = page.getByTestId('upload-item');
    await expect(uploads.filter({ hasText: 'garcia-invoice.txt' })).toContainText('Uploaded');
    await expect(uploads.filter({ hasText: 'invoice.pdf' }).getByRole('alert')).toContainText('Unsupported file type');

    const card = page.getByTestId('document-card').filter({ hasText: 'garcia-invoice.txt' });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('document-card')).toHaveCount(1);
    // The background worker reads it within seconds; the list polls while anything is processing.
    await expect(card.getByText('Processed')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Invoice', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Garcia Residence' })).toHaveAttribute('href', `/jobs/${job.id}`);

    // Search finds it by a word of its text.
    await page.getByLabel('Search documents').fill('shingles');
    await expect(page.getByText('1 document', { exact: true })).toBeVisible();
    await page.getByLabel('Search documents').fill('plumbing');
    await expect(page.getByText('No documents match these filters')).toBeVisible();
    await page.getByLabel('Search documents').fill('');

    await card.getByRole('link', { name: 'garcia-invoice.txt' }).click();
    await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('document-preview')).toContainText('Total Due: $4,250.00');
    await expect(page.getByTestId('field-claim_number')).toHaveText('CLM-2024-0042');
    await expect(page.getByTestId('field-client_name')).toHaveText('Maria Garcia');
    await expect(page.getByTestId('field-total')).toHaveText('$4,250.00');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/document-detail-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    const next = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download garcia-invoice.txt' }).click();
    const download = await next;
    expect(download.suggestedFilename()).toBe('garcia-invoice.txt');

    await page.getByRole('button', { name: 'Delete garcia-invoice.txt' }).click();
    await page.getByRole('dialog', { name: 'Delete document' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/documents');
    await expect(page.getByText('No documents yet')).toBeVisible();
  });

  test('a PDF is previewed in the page on a phone', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, s, '/documents');
    // A minimal one-page PDF with a text layer.
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 52>>stream\nBT /F1 18 Tf 20 100 Td (Building permit 77) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
    );
    await page.getByLabel('Upload documents').setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: pdf });
    const card = page.getByTestId('document-card').filter({ hasText: 'permit.pdf' });
    await expect(card.getByText('Processed')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Permit', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/documents-390.png', fullPage: true });
    await card.getByRole('link', { name: 'permit.pdf' }).click();
    await expect(page.locator('iframe[title="Preview of permit.pdf"]')).toBeVisible();
    await page.waitForTimeout(1000); // the browser's PDF viewer draws the page (only for the screenshot)
    await page.screenshot({ path: 'test-results/document-pdf-390.png', fullPage: true });
  });
});
