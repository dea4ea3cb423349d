/**
 * The Web Share Target's POST (issue 26; the manifest's `share_target` in vite.config.ts), answered by the service
 * worker itself: the shared files are kept in the `fieldbook-shared-files` cache (features/documents/lib/shared-files.ts
 * reads it) and the app opens Documents, which offers them — nothing is uploaded until the user picks Upload there.
 * Nothing goes to the network here: offline or signed out, the files wait on the device.
 *
 * Any web page can make a browser POST a form to /share-target (a cross-site form needs no permission), so what is
 * kept is bounded: at most SHARED_FILES_MAX_COUNT files and SHARED_FILES_MAX_BYTES bytes wait in the cache at a time,
 * counting the ones already waiting. A file past either limit is dropped (not kept, not uploaded), and the files
 * already waiting are never pushed out by new ones; Documents says how many were dropped (`&dropped=<n>`).
 *
 * Issue 32: another site could fill that list (a cross-site form needs no permission). The browser's own word on who
 * sent a request — `Sec-Fetch-Site`, `Origin` — is added after the service worker has answered, so the worker cannot
 * read it (whatwg/fetch#1322), and with the worker in control the server never sees this POST. What the worker does
 * see is refused (403, nothing kept): a referrer of another origin (a cross-site page's form, whose default policy
 * sends its origin), and a navigation of a frame (a page hiding the POST in an iframe; the share sheet opens the app
 * itself, a top-level navigation with no referrer; the app's own pages have this origin as referrer). What it cannot
 * tell apart from the share sheet — a page of another site that hides its referrer and navigates a whole tab or
 * window to the app — lands the user visibly on Documents, bounded as above, and nothing is uploaded without them.
 *
 * Workbox copies this function's text into sw.js, without this module around it: it uses nothing from outside its own
 * body, so the limits, the cache's name, its key prefix and its headers are written inside it (the exports below and
 * shared-files.ts repeat them; share-target.test.ts checks that they agree).
 */
export const SHARED_FILES_MAX_COUNT = 10;
export const SHARED_FILES_MAX_BYTES = 100 * 1024 * 1024;

export async function shareTargetHandler({ request }: { request: Request }): Promise<Response> {
  const maxCount = 10;
  const maxBytes = 100 * 1024 * 1024;
  const prefix = '/__shared-files/';
  let kept = 0;
  let dropped = 0;
  const own = new URL(request.url).origin;
  let from = own;
  if (request.referrer && request.referrer !== 'about:client') {
    try {
      from = new URL(request.referrer).origin;
    } catch {
      from = 'null';
    }
  }
  const isFrame = request.mode === 'navigate' && request.destination !== 'document';
  if (from !== own || isFrame) {
    return new Response('Files can be shared with Fieldbook only from this device’s share sheet or from Fieldbook itself.', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  try {
    const form = await request.formData();
    const cache = await caches.open('fieldbook-shared-files');
    // What already waits counts against the limits.
    let count = 0;
    let bytes = 0;
    for (const key of await cache.keys()) {
      if (!new URL(key.url).pathname.startsWith(prefix)) continue;
      const waiting = await cache.match(key);
      if (!waiting) continue;
      const size = Number(waiting.headers.get('x-fieldbook-file-size'));
      count += 1;
      bytes += Number.isFinite(size) && size > 0 ? size : (await waiting.blob()).size;
    }
    const now = Date.now();
    const batch = `${now}-${Math.random().toString(16).slice(2)}`;
    for (const entry of form.getAll('files')) {
      if (typeof entry === 'string') continue;
      if (count >= maxCount || bytes + entry.size > maxBytes) {
        dropped += 1;
        continue;
      }
      await cache.put(
        `${prefix}${batch}/${kept}`,
        new Response(entry, {
          headers: {
            'content-type': entry.type || 'application/octet-stream',
            'x-fieldbook-file-name': encodeURIComponent(entry.name || 'Shared file'),
            'x-fieldbook-file-size': String(entry.size),
            'x-fieldbook-shared-at': String(now),
          },
        }),
      );
      kept += 1;
      count += 1;
      bytes += entry.size;
    }
  } catch {
    // A body that is not a form (or a full disk): Documents opens with nothing new, and says so.
    return Response.redirect(new URL('/documents?shared=failed', request.url).href, 303);
  }
  return Response.redirect(new URL(`/documents?shared=${kept}${dropped > 0 ? `&dropped=${dropped}` : ''}`, request.url).href, 303);
}
