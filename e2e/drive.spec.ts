import { expect, test, type Page } from '@playwright/test';
import { FOLDER_MIME, startGoogleStub, type GoogleStub } from '../apps/server/src/test/google-stub';
import { signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * Google Drive as a new user meets it (issue 25), against the stub of Google's OAuth and Drive v3 APIs on loopback
 * (a server of its own whose GOOGLE_* variables point at it): Settings › Integrations → Connect → Google's consent
 * page → Allow → back in Fieldbook, Connected, with the account and the FIELDBOOK folders created; a document uploaded
 * in the Document Manager shows up in the folder manager's Documents card; Disconnect revokes the grant.
 */
test.describe('Google Drive', () => {
  let stub: GoogleStub;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stub = await startGoogleStub();
    server = await startOwnServer('drive', stub.env);
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  const openIntegrations = async (page: Page) => {
    await page.getByRole('button', { name: 'Settings' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Integrations' }).click();
    return dialog;
  };

  test('connect → folders → a document copied into Drive, seen in the folder manager → disconnect', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}/login`);
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, `${server.url}/`);

    let dialog = await openIntegrations(page);
    await expect(dialog.getByTestId('drive-state')).toHaveText('Disconnected');
    await dialog.getByRole('button', { name: 'Connect' }).click();

    // Google's consent page (the stub's), then back through the server's callback.
    await expect(page).toHaveURL(/\/o\/oauth2\/v2\/auth\?/);
    const consent = new URL(page.url()).searchParams;
    expect(consent.get('code_challenge_method')).toBe('S256');
    expect(consent.get('scope')).toBe('https://www.googleapis.com/auth/drive.file');
    expect(consent.get('redirect_uri')).toBe(`${server.url}/api/drive/callback`);
    await page.getByRole('link', { name: 'Allow' }).click();

    await expect(page).toHaveURL(`${server.url}/`);
    dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByTestId('drive-state')).toHaveText('Connected');
    await expect(dialog.getByText('Dana Drive')).toBeVisible();
    await expect(dialog.getByText('dana.drive@example.com')).toBeVisible();
    // The folders are set up 0.5 s after connecting: six Created markers, six cards.
    const structure = dialog.getByRole('list', { name: 'Folder structure' });
    await expect(structure.getByText('Created')).toHaveCount(6);
    for (const title of ['Root', 'Documents', 'Clients', 'Recordings', 'Transcripts', 'Tasks']) await expect(dialog.getByLabel(`${title} folder`)).toBeVisible();
    const root = [...stub.files.values()].filter((f) => f.name === 'FIELDBOOK' && f.mimeType === FOLDER_MIME);
    expect(root).toHaveLength(1);
    await expect(dialog.getByLabel('Root folder').getByText(root[0]!.id.slice(0, 8), { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Root folder').getByRole('link', { name: 'Open' })).toHaveAttribute('href', `https://drive.google.com/drive/folders/${root[0]!.id}`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.screenshot({ path: test.info().outputPath('drive-integrations-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.screenshot({ path: test.info().outputPath('drive-integrations-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Initialising again makes no second folder.
    await dialog.getByRole('button', { name: 'Initialize Folders' }).click();
    await expect(dialog.getByRole('button', { name: 'Initialize Folders' })).toBeEnabled();
    expect([...stub.files.values()].filter((f) => f.name === 'FIELDBOOK')).toHaveLength(1);
    await page.keyboard.press('Escape');

    // A document uploaded in the Document Manager is copied by the background job into FIELDBOOK/documents.
    await page.goto(`${server.url}/documents`);
    await page.getByLabel('Upload documents').setInputFiles({ name: 'drive-walk-invoice.txt', mimeType: 'text/plain', buffer: Buffer.from('Invoice 7\nTotal due: $950\n') });
    await expect(page.getByTestId('upload-item').filter({ hasText: 'drive-walk-invoice.txt' })).toContainText(/uploaded/i);

    dialog = await openIntegrations(page);
    const documents = dialog.getByLabel('Documents folder');
    await expect(async () => {
      await documents.getByRole('button', { name: 'Refresh Documents' }).click();
      await expect(documents.getByRole('link', { name: 'drive-walk-invoice.txt' })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    const copied = stub.filesNamed('drive-walk-invoice.txt');
    expect(copied).toHaveLength(1);
    expect(copied[0]!.content!.toString()).toBe('Invoice 7\nTotal due: $950\n');
    await documents.screenshot({ path: test.info().outputPath('drive-documents-card.png') });

    // The folder manager's Upload puts a chosen file into a folder and reports it per file.
    const tasks = dialog.getByLabel('Tasks folder');
    await tasks.locator('input[type=file]').setInputFiles({ name: 'crew-checklist.txt', mimeType: 'text/plain', buffer: Buffer.from('Ladders, tarps, nails\n') });
    await expect(tasks.getByRole('status')).toContainText('crew-checklist.txt: Success');
    await expect(tasks.getByRole('link', { name: 'crew-checklist.txt' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The Document Manager's upload from the cloud drive imports it as a document (not copied back to Drive).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Upload from Google Drive' }).click();
    const picker = page.getByRole('dialog', { name: 'Upload from Google Drive' });
    await picker.getByRole('checkbox', { name: /crew-checklist\.txt/ }).check();
    await picker.screenshot({ path: test.info().outputPath('drive-import-390.png') });
    await picker.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByTestId('upload-item').filter({ hasText: 'crew-checklist.txt' })).toContainText(/uploaded/i);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => stub.filesNamed('crew-checklist.txt').length, { timeout: 5000 }).toBe(1);
    dialog = await openIntegrations(page);

    // The imported file was not copied back (the copy job runs every 2 s; the document is recorded as already in Drive).
    await expect(dialog.getByTestId('drive-state')).toHaveText('Connected');
    expect(stub.filesNamed('crew-checklist.txt')).toHaveLength(1);

    // Disconnect: the grant is revoked at Google, the panel shows Disconnected.
    const liveGrants = [...stub.grants.values()].filter((g) => !g.revoked).length;
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(dialog.getByTestId('drive-state')).toHaveText('Disconnected');
    await expect(dialog.getByText('dana.drive@example.com')).toHaveCount(0);
    expect([...stub.grants.values()].filter((g) => !g.revoked).length).toBe(liveGrants - 1);
  });
});
