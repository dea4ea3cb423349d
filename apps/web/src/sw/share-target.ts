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
