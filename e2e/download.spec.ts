import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { startOwnServer } from './support/own-server';
import { createContact, createWorkSession } from './support/work-data';
import { uniqueDigits, uniqueName } from './support/unique';

/**
 * /download (spec 002). The shared e2e server has no ANDROID_APK_URL (playwright.config.ts), so it is the
 * "not available from this server" case; the download itself runs against a second server started here with
 * ANDROID_APK_URL pointing at a stand-in release host (a real local HTTP server, as a GitHub release would be).
 */

const NOT_AVAILABLE = 'The Android app is not available from this server.';
/** Well past the spec's 1.5 s preparation (spec 002 §9). */
const PAST_PREPARATION_MS = 3000;
/** The store listings the APK server is configured with (issue 26: store links come from configuration). */
const APP_STORE = 'https://apps.apple.com/us/app/fieldbook/id6400000000';
const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=app.fieldbook.mobile';
const APK_BYTES = Buffer.from('PK\u0003\u0004 Fieldbook e2e stand-in for the Android package');

type Running = { url: string; stop: () => Promise<void> };

/** A release host: serves the APK under the name a release publishes it with, like `releases/latest/download/<file>`. */
async function startReleaseHost(): Promise<Running & { apkUrl: string }> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/releases/latest/download/Fieldbook-latest.apk') {
      res.writeHead(200, { 'content-type': 'application/vnd.android.package-archive', 'content-length': APK_BYTES.length });
      res.end(APK_BYTES);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, apkUrl: `${url}/releases/latest/download/Fieldbook-latest.apk`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every download and every request for an .apk the page makes. */
function watchDownloads(page: Page) {
  const downloads: Download[] = [];
  const apkRequests: string[] = [];
  page.on('download', (d) => downloads.push(d));
  page.on('request', (r) => {
    if (/\.apk(\?|$)/.test(r.url())) apkRequests.push(r.url());
  });
  return { downloads, apkRequests };
}

/** A real invitation on the shared server: a group, a contact invited to it, and the token from the texted link. */
async function createInvitation(request: APIRequestContext): Promise<{ token: string; groupName: string }> {
  const session = await createWorkSession(request);
  const groupName = uniqueName('Download Crew');
  const group = await request.post('/api/groups', { headers: session.headers, data: { name: groupName } });
  expect(group.ok(), await group.text()).toBe(true);
  const phone = `512555${uniqueDigits(4)}`;
  const contact = await createContact(session, { name: 'Dana Installer', phone_number: phone });
  const invite = await request.post(`/api/groups/${((await group.json()) as { id: string }).id}/invitations`, { headers: session.headers, data: { contact_ids: [contact.id] } });
  expect(invite.ok(), await invite.text()).toBe(true);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(`+1${phone}`)}`);
      const { messages } = (await res.json()) as { messages: { links: string[] }[] };
      link = messages.flatMap((m) => m.links).find((l) => l.includes('/invitation/'));
      return link;
    })
    .toBeTruthy();
  return { token: new URL(link!).pathname.split('/').pop()!, groupName };
}

test.describe('/download on a server without an APK URL', () => {
  test('says the Android app is not available from this server and never starts a download', async ({ page }) => {
    const { downloads, apkRequests } = watchDownloads(page);
    await page.clock.install();
    await page.goto('/download');
    await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
    await expect(page.getByText('You can use Fieldbook on the web instead.')).toBeVisible();
    await page.clock.runFor(PAST_PREPARATION_MS);
    await expect(page.getByText('Preparing download...')).toHaveCount(0);
    await expect(page.getByText('Download started!')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Download APK' })).toHaveCount(0);
    await expect(page.getByText('Installation steps')).toHaveCount(0);
    // No store listing configured (APP_STORE_URL, GOOGLE_PLAY_URL unset): no store links, no caption.
    await expect(page.getByRole('link', { name: 'App Store' })).toHaveCount(0);
    await expect(page.getByText('Or get Fieldbook from your app store:')).toHaveCount(0);
    await expect(page.locator('a[download], a[href$=".apk"]')).toHaveCount(0);
    expect(downloads).toEqual([]);
    expect(apkRequests).toEqual([]);
    // The same client-config answer feeds the request layer's allowed API origins (main.tsx).
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('apiAllowedOrigins'))) ?? '[]')).toContain(new URL(page.url()).origin);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    // Home needs a session: a visitor lands on the sign-in page.
    await expect(page).toHaveURL(/\/login/);
  });

  test('with an invitation on a 390 px phone: the notice keeps the web option, Accept Invitation on Web opens the invitation', async ({ page, request }) => {
    const { token, groupName } = await createInvitation(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/download?invitation=${token}`);
    await expect(page.getByText('You have been invited to join a group')).toBeVisible();
    await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download APK' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/download-unavailable-390.png', fullPage: true });

    await page.getByRole('link', { name: 'Accept Invitation on Web' }).click();
    await expect(page).toHaveURL(new RegExp(`/invitation/${token}$`));
    await expect(page.getByText('Group Invitation')).toBeVisible();
    await expect(page.getByText(groupName)).toBeVisible();
  });
});

test.describe('/download on a server with an APK URL', () => {
  // One pair of servers for these tests: they run in one worker, one after the other.
  test.describe.configure({ mode: 'serial' });
  let releases: Awaited<ReturnType<typeof startReleaseHost>>;
  let fieldbook: Running;
  test.beforeAll(async () => {
    releases = await startReleaseHost();
    fieldbook = await startOwnServer('apk', { SEED_DEMO: 'false', ANDROID_APK_URL: releases.apkUrl, APP_STORE_URL: APP_STORE, GOOGLE_PLAY_URL: GOOGLE_PLAY });
  });
  test.afterAll(async () => {
    await fieldbook?.stop();
    await releases?.stop();
  });

  test('1.5 s after opening, downloads Fieldbook-latest.apk from the configured URL and says Download started!', async ({ page }) => {
    const next = page.waitForEvent('download');
    const openedAt = Date.now();
    await page.goto(`${fieldbook.url}/download`);
    const download = await next;
    // Not at once: the page waits the 1.5 s first (the exact moment is the component test's; this is the lower bound).
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(1500);
    expect(download.suggestedFilename()).toBe('Fieldbook-latest.apk');
    expect(download.url()).toBe(releases.apkUrl);
    expect(await readFile(await download.path())).toEqual(APK_BYTES);
    await expect(page.getByText('Download started!')).toBeVisible();
    await expect(page.getByText('Installation steps')).toBeVisible();
    await expect(page.getByText('Open the app and sign in.')).toBeVisible();
  });

  test('Download APK downloads it by hand, and the timer then starts no second download', async ({ page }) => {
    const { downloads } = watchDownloads(page);
    // The page's clock stands still from its first moment (paused before it loads) and the test moves it 20 ms at a
    // time until the button shows: the button and the 1.5 s timer appear together, so at most 20 ms of it has run
    // when the press comes, however slow the machine. (The page needs some clock: its data layer batches with timers.)
    // Polled every 50 ms for up to 30 s: with the poll's default backoff (up to 1 s between tries) 15 s gave the page
    // only ~17 steps of its clock, and on a busy machine the button came after the poll gave up (a fresh-clone run of
    // 791f591 failed so, the button on its screenshot). Steps of the clock before the button shows cost nothing: the
    // timer starts with it.
    await page.clock.install({ time: new Date('2026-11-25T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-25T09:00:01Z'));
    await page.goto(`${fieldbook.url}/download`);
    const button = page.getByRole('link', { name: 'Download APK' });
    await expect
      .poll(
        async () => {
          if (await button.isVisible()) return true;
          await page.clock.runFor(20);
          return false;
        },
        { intervals: [50], timeout: 30_000 },
      )
      .toBe(true);
    let next = page.waitForEvent('download');
    await button.click();
    expect((await next).suggestedFilename()).toBe('Fieldbook-latest.apk');
    await expect(page.getByText('Download started!')).toBeVisible();
    await page.clock.runFor(PAST_PREPARATION_MS);
    // A second press as a fence: a download the timer had started would have come before it.
    next = page.waitForEvent('download');
    await button.click();
    await next;
    expect(downloads).toHaveLength(2);
  });

  test('with an invitation on a 390 px phone: download, notice, steps and store links fit; Accept Invitation on Web opens the invitation', async ({ page }) => {
    const token = 'k3Xq9vR2mT8wLp4ZsN6yQa1B';
    await page.setViewportSize({ width: 390, height: 844 });
    const next = page.waitForEvent('download');
    await page.goto(`${fieldbook.url}/download?invitation=${token}`);
    expect((await next).suggestedFilename()).toBe('Fieldbook-latest.apk');
    await expect(page.getByText('Download started!')).toBeVisible();
    await expect(page.getByText('You have been invited to join a group')).toBeVisible();
    await expect(page.getByText('Accept the invitation in the app.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'App Store' })).toHaveAttribute('href', APP_STORE);
    await expect(page.getByRole('link', { name: 'Google Play' })).toHaveAttribute('href', GOOGLE_PLAY);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/download-390.png', fullPage: true });

    await page.getByRole('link', { name: 'Accept Invitation on Web' }).click();
    await expect(page).toHaveURL(`${fieldbook.url}/invitation/${token}`);
  });
});
