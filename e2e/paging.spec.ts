import { expect, test } from '@playwright/test';
import { wavTone } from './support/audio';
import { apiAccessToken, signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { createWorkSession, openAs } from './support/work-data';
import { uniqueName } from './support/unique';

/** Issue 22 items 15 and 16: every list pages (Load More, numbered pages, server search) and calls keep their local time. */
test.describe('paging and the call’s local time', () => {
  test.slow(); // dozens of uploads through the API

  test('documents: Load More Documents adds the next page (at 390 px)', async ({ page, request }) => {
    const s = await createWorkSession(request);
    for (let i = 1; i <= 55; i += 1) {
      const res = await request.post('/api/process-documents', { headers: s.headers, multipart: { file: { name: `note-${String(i).padStart(2, '0')}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Site note ${i}`) } } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, s, '/documents');
    await expect(page.getByText('55 documents')).toBeVisible();
    await expect(page.getByTestId('document-card')).toHaveCount(50);
    await page.getByRole('button', { name: 'Load More Documents' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/documents-load-more-390.png' });
    await page.getByRole('button', { name: 'Load More Documents' }).click();
    await expect(page.getByTestId('document-card')).toHaveCount(55);
    await expect(page.getByRole('button', { name: 'Load More Documents' })).toHaveCount(0);
  });

  test('recordings: a 3:30 PM Chicago file name shows 3:30 PM in a Chicago browser; Load More Recordings (at 390 px)', async ({ browser, request }) => {
    const s = await createWorkSession(request);
    for (let i = 1; i <= 51; i += 1) {
      const res = await request.post('/api/recordings', { headers: s.headers, multipart: { file: { name: `call-${String(i).padStart(2, '0')}.wav`, mimeType: 'audio/wav', buffer: wavTone(0.2) } } });
      expect(res.status(), await res.text()).toBe(201);
    }
    const context = await browser.newContext({ timezoneId: 'America/Chicago', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openAs(page, s, '/recordings');
    const name = 'incoming_20261124_153012_5125550100_e2e.m4a';
    await page.getByLabel('Upload recordings').setInputFiles([{ name, mimeType: 'audio/mp4', buffer: wavTone(0.5) }]);
    await expect(page.getByTestId('upload-item').filter({ hasText: name })).toContainText('Uploaded');
    await expect(page.getByText('52 recordings')).toBeVisible();
    // Uploaded last, so on the first page: the browser's zone went with it, so the phone's 3:30 PM stays 3:30 PM.
    await expect(page.getByRole('article', { name })).toContainText('Nov 24, 2026, 3:30 PM');
    await page.getByRole('article', { name }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/recordings-chicago-390.png' });
    await expect(page.getByTestId('recording')).toHaveCount(50);
    await page.getByRole('button', { name: 'Load More Recordings' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/recordings-load-more-390.png' });
    await page.getByRole('button', { name: 'Load More Recordings' }).click();
    await expect(page.getByTestId('recording')).toHaveCount(52);
    await expect(page.getByRole('article', { name: 'call-01.wav' })).toBeVisible();
    await context.close();
  });

  test('workspaces: the admin table pages, and the analytics select finds any workspace by name (at 390 px)', async ({ page, request }) => {
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const headers = { Authorization: `Bearer ${await apiAccessToken(request, admin)}` };
    const prefix = `${uniqueName('Paged')} `;
    for (let i = 1; i <= 55; i += 1) {
      const res = await request.post('/api/workspaces', { headers, data: { name: `${prefix}${String(i).padStart(2, '0')}` } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughUi(page, admin);
    await page.goto('/workspace-management');
    await page.getByLabel('Search workspaces').fill(prefix);
    await expect(page.getByText('Showing 1–50 of 55 workspaces')).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Workspace pages' });
    await pages.getByRole('button', { name: '2' }).click();
    await expect(page.getByText('Showing 51–55 of 55 workspaces')).toBeVisible();
    await expect(page.getByTestId('workspace-card').filter({ hasText: `${prefix}55` })).toBeVisible();
    await page.screenshot({ path: 'test-results/workspace-management-pages-390.png', fullPage: true });

    await page.goto('/workspace-analytics');
    const select = page.getByRole('combobox', { name: 'Workspace' });
    await select.click();
    await select.fill(`${prefix}55`);
    await page.getByRole('option', { name: `${prefix}55`, exact: true }).click();
    await expect(select).toHaveValue(`${prefix}55`);
    await expect(page.getByTestId('analytics-panels')).toBeVisible();
    await select.click();
    await select.fill('');
    await page.screenshot({ path: 'test-results/analytics-workspace-select-390.png', fullPage: false });
  });
});
