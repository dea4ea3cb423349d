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
