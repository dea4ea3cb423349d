import { expect, type Page } from '@playwright/test';

/**
 * A fake Capacitor native bridge for browser tests of the built app (issue 26): no APK can be built here, so the
 * contract between the web app and its native plugins is pinned by loading the app in Chromium as if inside the
 * Android shell. Before any script of the page runs, `window.CapacitorCustomPlatform = { name: 'android' }` makes
 * @capacitor/core report a native platform, and `window.Capacitor` carries what the native bridge would:
 *
 * - `PluginHeaders`: the native plugins and their methods. A plugin listed here is called through the bridge — every
 *   call arrives with its exact plugin, method name and options (@capacitor/core's registerPlugin: a method whose
 *   header says `rtype: 'promise'` goes to `nativePromise`, any other to `nativeCallback`). A plugin not listed falls
 *   back to its web implementation, as on a device without that native plugin.
 * - `nativePromise(plugin, method, options)`: recorded, then answered by the test's `answer` (runs in the test, may be
 *   async; a throw rejects the call) — undefined when there is none.
 * - `nativeCallback(plugin, method, options, callback)`: `addListener` keeps the callback (its event is
 *   `options.eventName`) for `emit`; `removeListener` forgets it; anything else is recorded and gets a callback id.
 *
 * Generic on purpose (shared by e2e/app-links.spec.ts, e2e/recorder-bridge.spec.ts and e2e/contact-helper-bridge.spec.ts):
 * describe the plugins, answer the calls, read them back, fire events. The recorded calls live in the page: a
 * navigation starts a fresh record.
 */

export type FakePlugin = {
  name: string;
  /** Methods answered through `nativePromise` (addListener / removeListener / removeAllListeners are added). */
  methods: string[];
};

export type BridgeCall = { plugin: string; method: string; options: unknown };

export type FakeBridgeOptions = {
  plugins: FakePlugin[];
  platform?: 'android' | 'ios';
  /** Answers a promise call (value → resolve, throw → reject). Runs in the test process. */
  answer?: (call: BridgeCall) => unknown;
};

export type FakeBridge = {
  /** The calls made so far in the current page (optionally of one plugin / method), in order. */
  calls: (filter?: { plugin?: string; method?: string }) => Promise<BridgeCall[]>;
  /** Waits until a call of `plugin.method` has been made; answers the first one. */
  waitForCall: (plugin: string, method: string) => Promise<BridgeCall>;
  /** Fires a plugin event at the listeners the page added (e.g. App's appUrlOpen); answers how many got it. */
  emit: (plugin: string, eventName: string, data: unknown) => Promise<number>;
  /** Waits until the page listens to `plugin`'s `eventName` (added once its code has loaded). */
  waitForListener: (plugin: string, eventName: string) => Promise<void>;
};

type PageBridge = {
  calls: BridgeCall[];
  listeners: { plugin: string; eventName: string; id: string; callback: (data: unknown) => void }[];
};

/** Installs the fake bridge in `page`, before its scripts run (on every navigation); call before the first goto. */
export async function installFakeBridge(page: Page, opts: FakeBridgeOptions): Promise<FakeBridge> {
  const answer = opts.answer;
  if (answer) await page.exposeFunction('__fakeBridgeAnswer', async (call: BridgeCall) => answer(call));
  await page.addInitScript(
    ({ platform, plugins, hasAnswer }) => {
      const w = window as unknown as Record<string, unknown>;
      const bridge: PageBridge = { calls: [], listeners: [] };
      let nextId = 1;
      w.__fakeBridge = bridge;
      w.CapacitorCustomPlatform = { name: platform };
      w.Capacitor = {
        PluginHeaders: plugins.map((p) => ({
          name: p.name,
          methods: [
            ...p.methods.map((name) => ({ name, rtype: 'promise' })),
            { name: 'addListener', rtype: 'callback' },
            { name: 'removeListener', rtype: 'callback' },
            { name: 'removeAllListeners', rtype: 'promise' },
          ],
        })),
        nativePromise: async (plugin: string, method: string, options: unknown) => {
          bridge.calls.push({ plugin, method, options });
          if (method === 'removeAllListeners') {
            bridge.listeners = bridge.listeners.filter((l) => l.plugin !== plugin);
            return undefined;
          }
          const answerCall = w.__fakeBridgeAnswer as ((call: BridgeCall) => Promise<unknown>) | undefined;
          return hasAnswer && answerCall ? answerCall({ plugin, method, options }) : undefined;
        },
        nativeCallback: (plugin: string, method: string, options: Record<string, unknown> | undefined, callback: (data: unknown) => void) => {
          bridge.calls.push({ plugin, method, options });
          const id = String(nextId++);
          if (method === 'addListener') bridge.listeners.push({ plugin, eventName: String(options?.eventName), id, callback });
          if (method === 'removeListener') bridge.listeners = bridge.listeners.filter((l) => !(l.plugin === plugin && l.id === String(options?.callbackId)));
          return id;
        },
      };
    },
    { platform: opts.platform ?? 'android', plugins: opts.plugins, hasAnswer: Boolean(answer) },
  );

  const calls: FakeBridge['calls'] = (filter = {}) =>
    page.evaluate((f) => {
      const bridge = (window as unknown as { __fakeBridge: PageBridge }).__fakeBridge;
      return bridge.calls.filter((c) => (!f.plugin || c.plugin === f.plugin) && (!f.method || c.method === f.method)).map((c) => JSON.parse(JSON.stringify(c)) as BridgeCall);
    }, filter);
  return {
    calls,
    waitForCall: async (plugin, method) => {
      let found: BridgeCall | undefined;
      await expect.poll(async () => (found = (await calls({ plugin, method }))[0]), { message: `a ${plugin}.${method} call` }).toBeTruthy();
      return found!;
    },
    emit: (plugin, eventName, data) =>
      page.evaluate(
        ({ plugin, eventName, data }) => {
          const bridge = (window as unknown as { __fakeBridge: PageBridge }).__fakeBridge;
          const targets = bridge.listeners.filter((l) => l.plugin === plugin && l.eventName === eventName);
          for (const l of targets) l.callback(data);
          return targets.length;
        },
        { plugin, eventName, data },
      ),
    waitForListener: async (plugin, eventName) => {
      await expect
        .poll(() => page.evaluate(({ plugin, eventName }) => (window as unknown as { __fakeBridge: PageBridge }).__fakeBridge.listeners.some((l) => l.plugin === plugin && l.eventName === eventName), { plugin, eventName }), {
          message: `the page listens to ${plugin} ${eventName}`,
        })
        .toBe(true);
    },
  };
}

/** Capacitor Android's WebView origin: the app's own files are served from here (androidScheme https). */
export const APP_ORIGIN = 'https://localhost';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built web app (E2E_WEB_DIST, else apps/web/dist) at https://localhost as the Capacitor shell does — its
 * own files, index.html for any other path, no server behind it — with `apiBase` as the build's default API base
 * (index.html's fieldbook-api-base meta, as a build with VITE_API_BASE=apiBase writes it). Requests to other origins
 * (the API) go to the network.
 */
export async function serveBuiltApp(page: Page, opts: { apiBase: string }): Promise<void> {
  const { readFile, stat } = await import('node:fs/promises');
  const path = await import('node:path');
  const dist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, '../../apps/web/dist'));
  const isFile = async (p: string) => (await stat(p).catch(() => null))?.isFile() ?? false;
  // A page Playwright serves itself counts as a public origin for Chromium's Local Network Access: its requests to the
  // test server on loopback need the permission a user would grant (on a phone the API is not on loopback).
  await page.context().grantPermissions(['local-network-access'], { origin: APP_ORIGIN });
  await page.route(`${APP_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    let file = path.join(dist, decodeURIComponent(pathname));
    if (!file.startsWith(dist + path.sep) || !(await isFile(file))) file = path.join(dist, 'index.html');
    let body = await readFile(file);
    if (file.endsWith('index.html')) {
      body = Buffer.from(body.toString('utf8').replace(/(<meta name="fieldbook-api-base" content=")[^"]*(")/, `$1${opts.apiBase}$2`));
    }
    await route.fulfill({ status: 200, body, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream' });
  });
}
