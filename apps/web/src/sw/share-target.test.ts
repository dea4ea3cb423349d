// @vitest-environment node
// (Node's own Request, Response, FormData and File: a multipart body parsed as the service worker's browser does.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listSharedFiles, SHARED_FILE_PREFIX, SHARED_FILES_CACHE } from '../features/documents/lib/shared-files';
import { SHARED_FILES_MAX_BYTES, SHARED_FILES_MAX_COUNT, shareTargetHandler } from './share-target';

const ORIGIN = 'https://fieldbook.test';

/** Cache Storage as the service worker has it, in memory (keys resolved against the worker's origin). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const urlOf = (key: RequestInfo | URL) => new URL(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url, ORIGIN).href;
  return {
    stores,
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        keys: async () => [...store.keys()].map((url) => new Request(url)),
        match: async (key: RequestInfo | URL) => store.get(urlOf(key))?.clone(),
        put: async (key: RequestInfo | URL, res: Response) => void store.set(urlOf(key), new Response(await res.arrayBuffer(), { headers: res.headers })),
        delete: async (key: RequestInfo | URL) => store.delete(urlOf(key)),
      };
    },
  };
}

let storage: ReturnType<typeof fakeCaches>;
beforeEach(() => {
  storage = fakeCaches();
  vi.stubGlobal('caches', storage);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The handler as sw.js has it: Workbox copies the function's text into the worker, so the tests run that text,
 * evaluated with nothing of this module around it (a name it borrowed from outside would fail here).
 */
const handler = new Function(`return (${shareTargetHandler.toString()})`)() as typeof shareTargetHandler;

/**
 * The POST as the worker's fetch event has it: a navigation (top-level: destination 'document'; a frame's: 'iframe')
 * with the referrer the browser set — none from the share sheet, the app's own page from its pages. Node's Request
 * cannot be a navigation, so mode, destination and referrer are set on the object.
 */
type Sender = { referrer?: string; destination?: string; mode?: string };
const SHARE_SHEET: Sender = { referrer: '', destination: 'document', mode: 'navigate' };
function shareRequest(body: BodyInit, sender: Sender = SHARE_SHEET, headers?: Record<string, string>): Request {
  const request = new Request(`${ORIGIN}/share-target`, { method: 'POST', body, headers });
  const { referrer = '', destination = 'document', mode = 'navigate' } = sender;
  return Object.defineProperties(request, { referrer: { value: referrer }, destination: { value: destination }, mode: { value: mode } });
}

/** A share: the files posted as the share sheet (or another sender) does. */
function share(files: File[], extra: Record<string, string> = {}, sender: Sender = SHARE_SHEET): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return handler({ request: shareRequest(form, sender) });
}
const pdf = (name: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const waiting = () => [...(storage.stores.get(SHARED_FILES_CACHE)?.keys() ?? [])];
const location = (res: Response) => res.headers.get('location');

describe('the share target in the service worker', () => {
  it('keeps what was shared for Documents (which asks before uploading) and opens it', async () => {
    const res = await share([pdf('Roof permit.pdf'), pdf('Change order.pdf', 300)], { title: 'Shared from Files' });
    expect(res.status).toBe(303);
    expect(location(res)).toBe(`${ORIGIN}/documents?shared=2`);
    const kept = await listSharedFiles();
    expect(kept.map((f) => [f.name, f.size, f.type])).toEqual([
      ['Roof permit.pdf', 100, 'application/pdf'],
      ['Change order.pdf', 300, 'application/pdf'],
    ]);
    expect(waiting().every((url) => new URL(url).pathname.startsWith(SHARED_FILE_PREFIX))).toBe(true);
  });

  it(`keeps at most ${SHARED_FILES_MAX_COUNT} files waiting: the rest of a share is dropped, and the ones already waiting stay`, async () => {
    expect(SHARED_FILES_MAX_COUNT).toBe(10);
    const first = await share(Array.from({ length: 12 }, (_, i) => pdf(`page-${i}.pdf`)));
    expect(location(first)).toBe(`${ORIGIN}/documents?shared=10&dropped=2`);
    expect(waiting()).toHaveLength(10);
    const before = waiting();

    // Another share (another page posting more) while ten wait: nothing more is kept, nothing waiting is pushed out.
    const second = await share([pdf('more.pdf')]);
    expect(location(second)).toBe(`${ORIGIN}/documents?shared=0&dropped=1`);
    expect(waiting()).toEqual(before);
    expect((await listSharedFiles()).map((f) => f.name)).toEqual(Array.from({ length: 10 }, (_, i) => `page-${i}.pdf`));
  });

  it(`keeps at most ${SHARED_FILES_MAX_BYTES / 1024 / 1024} MB waiting, counting the files already waiting`, async () => {
    expect(SHARED_FILES_MAX_BYTES).toBe(100 * 1024 * 1024);
    // A file that waits already, of almost the whole allowance (its size as the worker wrote it down).
    const cache = await storage.open(SHARED_FILES_CACHE);
    await cache.put(`${SHARED_FILE_PREFIX}1-a/0`, new Response('x', { headers: { 'content-type': 'application/pdf', 'x-fieldbook-file-name': 'big.pdf', 'x-fieldbook-file-size': String(SHARED_FILES_MAX_BYTES - 1000), 'x-fieldbook-shared-at': '1' } }));
    const res = await share([pdf('fits.pdf', 600), pdf('too-much.pdf', 600), pdf('fits-too.pdf', 400)]);
    expect(location(res)).toBe(`${ORIGIN}/documents?shared=2&dropped=1`);
    expect((await listSharedFiles()).map((f) => f.name)).toEqual(['big.pdf', 'fits.pdf', 'fits-too.pdf']);
  });

  it('a body that is not a form keeps nothing and says so', async () => {
    const res = await handler({ request: shareRequest('not a form', SHARE_SHEET, { 'content-type': 'text/plain' }) });
    expect(location(res)).toBe(`${ORIGIN}/documents?shared=failed`);
    expect(waiting()).toEqual([]);
  });

  // Issue 32 item 4: another site's form filled the list.
  it('refuses a cross-site page’s POST (its referrer another origin) with 403 and keeps nothing', async () => {
    for (const referrer of ['https://evil.example/page', 'https://fieldbook.test.evil.example/', 'http://fieldbook.test/', 'not a url']) {
      const res = await share([pdf('planted.pdf')], {}, { referrer });
      expect(res.status, referrer).toBe(403);
      expect(res.headers.get('location')).toBeNull();
    }
    expect(waiting()).toEqual([]);
  });

  it('refuses a POST hidden in a frame, whoever sent it, and keeps nothing', async () => {
    for (const destination of ['iframe', 'frame', 'object', 'embed']) {
      expect((await share([pdf('planted.pdf')], {}, { destination })).status, destination).toBe(403);
    }
    expect(waiting()).toEqual([]);
  });

  it('keeps what the share sheet (no referrer) and the app’s own pages (this origin) send', async () => {
    expect(location(await share([pdf('from-sheet.pdf')]))).toBe(`${ORIGIN}/documents?shared=1`);
    expect(location(await share([pdf('from-app.pdf')], {}, { referrer: `${ORIGIN}/documents` }))).toBe(`${ORIGIN}/documents?shared=1`);
    // The app's own page posting with fetch() (not a navigation: no destination).
    expect(location(await share([pdf('fetched.pdf')], {}, { referrer: `${ORIGIN}/documents`, destination: '', mode: 'same-origin' }))).toBe(`${ORIGIN}/documents?shared=1`);
    expect((await listSharedFiles()).map((f) => f.name)).toEqual(['from-sheet.pdf', 'from-app.pdf', 'fetched.pdf']);
  });

  it('writes the names shared-files.ts reads and the limits it exports into its own text', () => {
    const text = shareTargetHandler.toString();
    const quoted = (value: string) => new RegExp(`["'\`]${value}["'\`]`);
    expect(text).toMatch(quoted(SHARED_FILES_CACHE));
    expect(text).toMatch(quoted(SHARED_FILE_PREFIX));
    expect(text).toMatch(new RegExp(`maxCount = ${SHARED_FILES_MAX_COUNT}\\b`));
    expect(text).toContain('maxBytes = 100 * 1024 * 1024');
  });
});
