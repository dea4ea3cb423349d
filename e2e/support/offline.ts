import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * A new page of an offline context, offline before the app starts in it — the phone's app opened again with no
 * network. The context's offline emulation reaches a new page a moment after it is made: an app loaded before then
 * sees itself online and replays its queue, and a send reaches the server with its answer cut off (kept pending,
 * correctly — the replay's key gets the kept answer — but not what a phone with no network does). One run of 47d8665
 * under load: a task completed on the server while all four changes were still pending (e2e/pwa.spec.ts).
 */
export async function newOfflinePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  return page;
}

/**
 * Closes a page of an offline context as a phone closes the app: the app ends while there is still no network.
 * Closed (or sent to another page) as it is, a page of Chromium's headless shell comes back online for a moment on
 * its way out — its `online` event fires and the app replays its queue to the server (6 of 10 closes in a probe; a
 * visit's status reached the server while the test held it pending, e2e/schedule.spec.ts, 2026-12-07, and likely an
 * earlier pwa.spec.ts failure). Frozen first (what a phone's system does to an app it puts away), the app runs nothing more.
 */
export async function closeOfflinePage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await page.close();
}
