import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { BASE_URL } from './support/env';
import { closeOfflinePage, cuttableLink, newOfflinePage } from './support/offline';
import { createTask, createWorkSession, getContacts, getTask, openAs, seedCrew } from './support/work-data';

/**
 * The installable, offline web app (issue 26): the manifest and service worker (vite-plugin-pwa / Workbox), the app
 * shell and last-seen lists opening with no network, and the offline queue (IndexedDB) surviving a closed app.
 */

// Chromium's fake microphone with the permission granted (the offline recording test records without a prompt).
test.use({
  // The service worker is what this file tests (playwright.config.ts blocks it elsewhere).
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const card = (page: Page, description: string) => page.getByTestId('task-card').filter({ hasText: description });

/** The page is controlled by the service worker (it claims clients when it activates). */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test.describe('installable offline app (issue 26)', () => {
  test('Chromium finds the app installable: manifest with name, icons 192 and 512, standalone, theme colour, start URL', async ({ request }) => {
    // A browser profile of its own: Chromium never offers installation in an incognito context (Playwright's default).
    const profile = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-pwa-profile-'));
    // Engagement checks bypassed: Chromium then offers installation (beforeinstallprompt) at once.
    const browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--bypass-app-banner-engagement-checks'] });
    try {
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${BASE_URL}/login`);
      await serviceWorkerInControl(page);
      const cdp = await browser.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);
      // The download page offers "Install the app" where the browser does (spec 002's download page, issue 26).
      await page.goto(`${BASE_URL}/download`);
      await expect(page.getByRole('button', { name: 'Install the app' })).toBeVisible();
    } finally {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    }

    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Fieldbook', short_name: 'Fieldbook', display: 'standalone', start_url: '/', theme_color: '#0f766e' });
    const sizes = (manifest.icons as { sizes: string; purpose: string; src: string }[]).filter((i) => i.purpose === 'any').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string }[]) {
      const res = await request.get(icon.src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    // The worker and the manifest are revalidated on every load (an old app shell must not linger).
    expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  });

  test('the Done-when walk at 390 px: installed, offline, three task changes and a new contact survive closing the app and arrive once when back online', async ({ request }) => {
    test.slow(); // a browser of its own, two page loads offline
    // As a new user would, in a browser profile of its own (never incognito: Chromium offers installation only there).
    const profile = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-walk-profile-'));
    // The phone's network, which the walk cuts (Playwright's offline emulation alone does not hold for a reopened app).
    const link = await cuttableLink(BASE_URL);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--bypass-app-banner-engagement-checks'],
      viewport: { width: 390, height: 844 },
      baseURL: link.baseURL,
      serviceWorkers: 'allow',
    });
    try {
      const s = await createWorkSession(request);
      const { garcia } = await seedCrew(s);
      const tasks = await Promise.all(['Tear off old shingles', 'Replace drip edge', 'Clean the gutters'].map((description) => createTask(s, { description, job_id: garcia.id })));
      // Every write that reaches the server and is carried out (not a replay of a kept answer).
      const arrived: string[] = [];
      context.on('response', (res) => {
        const req = res.request();
        const where = new URL(req.url()).pathname;
        if (req.method() !== 'GET' && /^\/api\/(tasks\/[^/]+\/status|contacts)$/.test(where) && res.ok() && res.headers()['idempotent-replayed'] !== 'true') arrived.push(`${req.method()} ${where}`);
      });

      // Online first: the app is installed (service worker in control, Chromium finds it installable) and the lists are seen once.
      const page = context.pages()[0] ?? (await context.newPage());
      await openAs(page, s, '/contacts');
      await serviceWorkerInControl(page);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      await cdp.detach();
      // Seen again now that the worker is in control (the first load's requests may have gone around it).
      await page.reload();
      await expect(page.getByText('Ann Roofer')).toBeVisible();
      await page.goto('/tasks');
      for (const t of tasks) await expect(card(page, t.description)).toBeVisible();

      await link.goOffline(context);
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

      // The app opens with no network: the shell from the service worker, the last-seen list from its cache.
      await page.reload();
      for (const t of tasks) await expect(card(page, t.description)).toBeVisible();

      for (const t of tasks) {
        await card(page, t.description).getByRole('button', { name: 'Mark Complete' }).click();
        await expect(card(page, t.description)).toHaveAttribute('data-status', 'completed');
      }
      await expect(page.getByRole('button', { name: 'Pending changes: 3 pending' })).toBeVisible();

      await page.goto('/contacts');
      await expect(page.getByText('Ann Roofer')).toBeVisible();
      await page.getByRole('button', { name: 'Add Contact' }).click();
      const panel = page.getByRole('dialog', { name: 'New Contact' });
      await panel.getByLabel('Name').fill('Rosa Electric');
      await panel.getByLabel('Phone number').pressSequentially('5125550177');
      await panel.getByRole('button', { name: 'Create Contact' }).click();
      await expect(panel).toBeHidden();
      await expect(page.getByText('Rosa Electric')).toBeVisible();
      const count = page.getByRole('button', { name: 'Pending changes: 4 pending' });
      await expect(count).toBeVisible();
      // On a phone the header shows the number only.
      await expect(count).toHaveText('4', { useInnerText: true });
      // The notices sit over the header for a moment; the count is shot once they are gone.
      await expect(page.getByText('Contact created')).toBeHidden();
      await expect(page.getByText('You are currently offline. Changes will be saved when you reconnect')).toBeHidden();
      await expect(count).toBeInViewport();
      await page.screenshot({ path: 'test-results/pwa-walk-offline-count-390.png' });

      // The app is closed and opened again, still offline: the four changes are still waiting.
      await closeOfflinePage(page, { kept: 4 });
      const reopened = await newOfflinePage(context);
      await reopened.goto('/tasks');
      await expect(reopened.getByRole('button', { name: 'Pending changes: 4 pending' })).toBeVisible();
      // The last-seen list shows the changes still waiting (the queue applied to what the worker kept).
      for (const t of tasks) await expect(card(reopened, t.description)).toHaveAttribute('data-status', 'completed');
      await reopened.screenshot({ path: 'test-results/pwa-offline-reopened-phone.png' });
      await reopened.getByRole('button', { name: 'Pending changes: 4 pending' }).click();
      const list = reopened.getByRole('dialog', { name: 'Pending changes' });
      await expect(list.getByTestId('pending-change')).toHaveCount(4);
      await expect(list.getByText('New contact: Rosa Electric')).toBeVisible();
      await expect(list.getByRole('button', { name: 'Discard New contact: Rosa Electric' })).toBeVisible();
      await reopened.screenshot({ path: 'test-results/pwa-pending-list-phone.png' });
      await reopened.keyboard.press('Escape');
      await expect(list).toBeHidden();
      // Nothing reached the server yet.
      expect(arrived).toEqual([]);
      expect((await getTask(s, tasks[0]!.id)).status).toBe('pending');

      await link.goOnline(context);
      await expect(reopened.getByText('Sync Complete: 4 changes synced')).toBeVisible();
      await expect(reopened.getByTestId('pending-changes')).toBeHidden();
      await reopened.screenshot({ path: 'test-results/pwa-walk-synced-390.png' });
      // All four arrived, once each, in the order they were made.
      expect(arrived).toEqual([...tasks.map((t) => `PUT /api/tasks/${t.id}/status`), 'POST /api/contacts']);
      for (const t of tasks) expect((await getTask(s, t.id)).status).toBe('completed');
      const rosa = (await getContacts(s)).contacts.filter((c) => c.name === 'Rosa Electric');
      expect(rosa).toHaveLength(1);
      expect(rosa[0]!.phone_number).toBe('5125550177');
      // A later replay (another tab, the 30 s timer) has nothing left to send.
      await reopened.waitForTimeout(500);
      expect(arrived).toHaveLength(4);
    } finally {
      await context.close();
      await link.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('a recording made offline waits on the device and is uploaded once when the network returns', async ({ page, context, request }) => {
    test.slow(); // recording, upload
    const s = await createWorkSession(request);
    await openAs(page, s, '/recordings');
    await serviceWorkerInControl(page);
    await expect(page.getByText('No recordings yet. Record with your microphone or upload a call.')).toBeVisible();

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    // The consent notice (issue 26) comes first, offline too: the default when the workspace's was never read.
    await page.getByRole('dialog', { name: 'Before you record' }).getByRole('button', { name: 'I have told the other party' }).click();
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeVisible();
    await page.waitForTimeout(1500); // a second and a half of the fake microphone's beep
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await expect(page.getByText('You are currently offline. Changes will be saved when you reconnect')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pending changes: 1 pending' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Sync Complete: 1 change synced')).toBeVisible();
    const list = (await (await request.get('/api/recordings', { headers: s.headers })).json()) as { recordings: { name: string; size: number }[]; total: number };
    expect(list.total).toBe(1);
    expect(list.recordings[0]!.name).toMatch(/^manual_\d{8}_\d{6}_[0-9a-f-]{36}\.webm$/);
    expect(list.recordings[0]!.size).toBeGreaterThan(1000);
    await expect(page.getByText('1 recording', { exact: true })).toBeVisible();
  });
});
