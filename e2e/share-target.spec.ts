import { expect, test, type Page } from '@playwright/test';
import type { Document } from '@fieldbook/contract';
import { signInThroughUi } from './support/auth';
import { createJob, createWorkSession, openAs, type WorkSession } from './support/work-data';
import { closeOfflinePage } from './support/offline';

/**
 * Web Share Target (issue 26): a PDF or photo shared from another app is posted to the manifest's share_target
 * action; the service worker keeps the files on the device and opens Documents, where the user picks the job (or
 * none) and uploads them through the one upload path. Nothing is lost offline: the files wait until uploaded or
 * discarded, across a closed app.
 */
test.use({
  // The service worker is what answers the share (playwright.config.ts blocks it elsewhere).
  serviceWorkers: 'allow',
});

// A minimal one-page PDF with a text layer, and a 1×1 PNG.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 49>>stream\nBT /F1 18 Tf 20 100 Td (Roof permit 314) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
  'latin1',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function serviceWorkerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * What the phone's share sheet does: a multipart POST of the files to the share_target action, as a navigation of
 * the app (a form submitted from the page, so the service worker answers it like the OS's share).
 */
async function shareFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await fillShareSheet(page, files);
  await Promise.all([page.waitForURL(/\/documents\?shared=\d+(&dropped=\d+)?$/), submitShareSheet(page)]);
}

/** The share sheet's form on the page (files, and the title a share sends), not yet submitted. */
async function fillShareSheet(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    form.id = 'share-sheet';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'files';
    input.multiple = true;
    input.id = 'share-sheet-files';
    const title = document.createElement('input');
    title.name = 'title';
    title.value = 'Shared from Files';
    form.append(input, title);
    document.body.append(form);
  });
  await page.setInputFiles('#share-sheet-files', files);
}

function submitShareSheet(page: Page) {
  return page.evaluate(() => (document.getElementById('share-sheet') as HTMLFormElement).submit());
}

async function documentsNamed(s: WorkSession, name: string): Promise<Document[]> {
  const res = await s.request.get('/api/documents', { headers: s.headers, params: { limit: 100 } });
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as { documents: Document[] };
  return list.documents.filter((d) => d.name === name);
}

test.describe('Web Share Target (issue 26)', () => {
  test('the manifest declares the share target: a multipart POST of PDFs and images', async ({ request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['application/pdf', '.pdf', 'image/*'] }] },
    });
  });

  test('phone: a PDF shared from another app lands in Documents under the chosen job, exactly once', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const s = await createWorkSession(page.request);
    const job = await createJob(s, { client_name: 'Garcia Residence', property_address: '12 Oak Ave' });
    await openAs(page, s, '/documents');
    await serviceWorkerInControl(page);

    await shareFiles(page, [{ name: 'Roof permit.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    const shared = page.getByRole('region', { name: 'Shared with Fieldbook' });
    await expect(shared.getByTestId('shared-file')).toHaveCount(1, { timeout: 30_000 });
    await expect(shared.getByText('Roof permit.pdf')).toBeVisible();
    await shared.getByRole('combobox', { name: 'Job' }).click();
    await page.getByRole('option', { name: 'Garcia Residence — 12 Oak Ave' }).click();
    await page.screenshot({ path: 'test-results/share-target-picked-390.png', fullPage: true });
    await shared.getByRole('button', { name: 'Upload to Documents' }).click();
    await expect(page.getByTestId('document-card').filter({ hasText: 'Roof permit.pdf' })).toHaveCount(1);
    await expect(shared.getByTestId('upload-item').filter({ hasText: 'Roof permit.pdf' })).toContainText('Uploaded');
    await expect(shared.getByTestId('shared-file')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/share-target-uploaded-390.png', fullPage: true });

    const docs = await documentsNamed(s, 'Roof permit.pdf');
    expect(docs).toHaveLength(1);
    expect(docs[0]!.job_id).toBe(job.id);
    // Opening Documents again offers nothing more: the file left the device once the server had it.
    await page.reload();
    await expect(page.getByTestId('document-card').filter({ hasText: 'Roof permit.pdf' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Shared with Fieldbook' })).toHaveCount(0);
    expect(await documentsNamed(s, 'Roof permit.pdf')).toHaveLength(1);
  });

  test('shared while offline: the files wait on the device across a closed app, and upload once with no job', async ({ page, context }) => {
    test.slow(); // the app boots twice from the worker (on a loaded machine each boot has taken 10 s)
    const s = await createWorkSession(page.request);
    await openAs(page, s, '/documents');
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await shareFiles(page, [
      { name: 'Site photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'Change order.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const shared = page.getByRole('region', { name: 'Shared with Fieldbook' });
    await expect(shared.getByTestId('shared-file')).toHaveCount(2, { timeout: 30_000 });
    // Discarded by the user: it goes; the other stays.
    await shared.getByRole('button', { name: 'Discard Site photo.png' }).click();
    await expect(shared.getByTestId('shared-file')).toHaveCount(1);

    // The app is closed and opened again once the network is back.
    await closeOfflinePage(page);
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/documents');
    const again = reopened.getByRole('region', { name: 'Shared with Fieldbook' });
    await expect(again.getByTestId('shared-file')).toHaveCount(1, { timeout: 30_000 });
    await expect(again.getByText('Change order.pdf')).toBeVisible();
    await expect(again.getByRole('combobox', { name: 'Job' })).toHaveValue('No job');
    await again.getByRole('button', { name: 'Upload to Documents' }).click();
    await expect(reopened.getByTestId('document-card').filter({ hasText: 'Change order.pdf' })).toHaveCount(1);
    await expect(again.getByTestId('upload-item').filter({ hasText: 'Change order.pdf' })).toContainText('Uploaded');
    await expect(again.getByTestId('shared-file')).toHaveCount(0);

    const docs = await documentsNamed(s, 'Change order.pdf');
    expect(docs).toHaveLength(1);
    expect(docs[0]!.job_id).toBeNull();
    expect(await documentsNamed(s, 'Site photo.png')).toHaveLength(0);
  });

  test('any page can post here: at most 10 files wait on the device, the rest are dropped, and nothing uploads without the user’s Upload', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const s = await createWorkSession(page.request);
    await openAs(page, s, '/documents');
    await serviceWorkerInControl(page);
    const uploads: string[] = [];
    // The document uploads (the one upload path: multipart, or resumable from 5 MB).
    page.on('request', (r) => r.method() === 'POST' && /^\/api\/(process-documents|uploads\/documents)/.test(new URL(r.url()).pathname) && uploads.push(r.url()));

    await shareFiles(page, Array.from({ length: 12 }, (_, i) => ({ name: `Flyer ${i + 1}.pdf`, mimeType: 'application/pdf', buffer: PDF })));
    expect(new URL(page.url()).search).toBe('?shared=10&dropped=2');
    const shared = page.getByRole('region', { name: 'Shared with Fieldbook' });
    await expect(shared.getByTestId('shared-file')).toHaveCount(10, { timeout: 30_000 });
    await expect(shared.getByText('2 shared files were not kept')).toBeVisible();
    await expect(shared.getByText('Flyer 11.pdf')).toHaveCount(0);

    // Another share while ten wait: none of it is kept, none of the ten is pushed out.
    await shareFiles(page, [{ name: 'Late flyer.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    // (Already on a /documents?shared= address: wait for this share's.)
    await expect(page).toHaveURL(/\/documents\?shared=0&dropped=1$/);
    await expect(shared.getByTestId('shared-file')).toHaveCount(10, { timeout: 30_000 });
    await expect(shared.getByText('1 shared file was not kept')).toBeVisible();
    await expect(shared.getByText(/^Flyer 1\.pdf · /)).toBeVisible();
    await page.screenshot({ path: 'test-results/share-target-capped-390.png', fullPage: true });

    // Offered, not uploaded: the server has none of them until the user picks Upload.
    expect(uploads).toEqual([]);
    expect(await documentsNamed(s, 'Flyer 1.pdf')).toHaveLength(0);
  });

  test('shared while signed out: the file waits through the sign-in and is offered in Documents after it', async ({ page }) => {
    const s = await createWorkSession(page.request);
    await page.goto('/login');
    await serviceWorkerInControl(page);
    await fillShareSheet(page, [{ name: 'Signed-out invoice.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await submitShareSheet(page);
    // Documents needs a session: the sign-in comes first, and brings the user back to what was shared.
    await expect(page).toHaveURL(/\/login/);
    await signInThroughUi(page, s.user, '/documents?shared=1');
    const shared = page.getByRole('region', { name: 'Shared with Fieldbook' });
    await expect(shared.getByText('Signed-out invoice.pdf')).toBeVisible();
    await shared.getByRole('button', { name: 'Upload to Documents' }).click();
    await expect(page.getByTestId('document-card').filter({ hasText: 'Signed-out invoice.pdf' })).toHaveCount(1);
    expect(await documentsNamed(s, 'Signed-out invoice.pdf')).toHaveLength(1);
  });
});
