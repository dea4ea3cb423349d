import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { OFFLINE_DB_NAME, OFFLINE_STORE_NAME } from '../../apps/web/src/lib/offline/offline-db';

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
export async function closeOfflinePage(page: Page, opts: { kept?: number } = {}): Promise<void> {
  // The queue shows a change at once and stores it a moment later (write-queue.ts): a phone closed within that moment
  // loses it, a window no app can close; the test closes the app once the change is on the device.
  if (opts.kept !== undefined) await expect.poll(() => keptWrites(page)).toBe(opts.kept);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await page.close();
}

/** How many writes the offline queue holds in IndexedDB (its database and store: apps/web/src/lib/offline/offline-db.ts). */
export function keptWrites(page: Page): Promise<number> {
  return page.evaluate(
    async ({ name, store }) => {
      // Opened only if the app made it: opening a missing database would make it without the app's store.
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return 0;
      return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      });
    },
    { name: OFFLINE_DB_NAME, store: OFFLINE_STORE_NAME },
  );
}

/** A link between a test's browser and the e2e server that the test can cut, as a phone's network drops. */
export interface CuttableLink {
  /** The server's address through this link: a browser context opened on it reaches the server only while the link is up. */
  readonly baseURL: string;
  /** No network for the context: the link cut first (every connection reset, new ones refused), then the browser told. */
  goOffline(context: BrowserContext): Promise<void>;
  /** The network back: the link restored first, so the app's `online` replay finds it up. */
  goOnline(context: BrowserContext): Promise<void>;
  close(): Promise<void>;
}

/**
 * Playwright's offline emulation alone does not hold for an app opened again: a page's new renderer (and a restarted
 * service worker) runs a moment before the emulation reaches it, reads itself online and replays its queue — twice
 * seen in a run of the whole suite, a task completed on the server while the test held the phone offline
 * (e2e/pwa.spec.ts, 2026-12-07). Behind this link the server is unreachable while the test says offline, whatever the
 * browser believes: a replay then fails as on a phone with no signal, and what the test asserts is what a phone does.
 */
export async function cuttableLink(target: string): Promise<CuttableLink> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let up = true;
  const relay = createServer((client) => {
    if (!up) return client.resetAndDestroy();
    const server = connect(Number(port), hostname);
    open.add(client).add(server);
    const end = () => {
      for (const s of [client, server]) {
        open.delete(s);
        s.destroy();
      }
    };
    client.on('error', end).on('close', end).pipe(server);
    server.on('error', end).on('close', end).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relay.unref(); // a failed test's link never holds its worker open
  const { port: relayPort } = relay.address() as AddressInfo;
  const cut = () => {
    up = false;
    for (const s of open) s.resetAndDestroy();
    open.clear();
  };
  return {
    baseURL: `http://127.0.0.1:${relayPort}`,
    async goOffline(context) {
      cut();
      await context.setOffline(true);
    },
    async goOnline(context) {
      up = true;
      await context.setOffline(false);
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
