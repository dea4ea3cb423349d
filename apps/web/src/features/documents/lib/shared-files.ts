/**
 * Files shared to Fieldbook from another app (Web Share Target, issue 26). The manifest's `share_target` posts them
 * to /share-target; the service worker (src/sw/share-target.ts, wired in apps/web/vite.config.ts) answers that POST
 * itself — no network needed, nobody needs to be signed in — by keeping each file in this Cache Storage cache (at most
 * 10 files / 100 MB waiting; more is dropped) and sending the app to /documents?shared=<count>[&dropped=<n>]. They stay here, on the device, until the user uploads them (each is removed once the
 * server has it) or discards them: closing the app, going offline or signing out loses none.
 *
 * The worker's function is copied into sw.js as text, without this module: the cache name, the key prefix and the
 * headers below are written there again, literally.
 */
export const SHARED_FILES_CACHE = 'fieldbook-shared-files';
export const SHARED_FILE_PREFIX = '/__shared-files/';
const NAME_HEADER = 'x-fieldbook-file-name';
const SHARED_AT_HEADER = 'x-fieldbook-shared-at';

export type SharedFile = {
  /** The cache key (a URL); also the file's identity in the upload list. */
  key: string;
  name: string;
  size: number;
  type: string;
  sharedAt: number;
  file: File;
};

function available(): boolean {
  return typeof caches !== 'undefined';
}

/** The shared files waiting on this device, oldest first. */
export async function listSharedFiles(): Promise<SharedFile[]> {
  if (!available()) return [];
  const cache = await caches.open(SHARED_FILES_CACHE);
  const found: SharedFile[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(SHARED_FILE_PREFIX)) continue;
    const res = await cache.match(request);
    if (!res) continue;
    const blob = await res.blob();
    const name = safeDecode(res.headers.get(NAME_HEADER)) || 'Shared file';
    const type = res.headers.get('content-type') || blob.type || 'application/octet-stream';
    found.push({ key: request.url, name, size: blob.size, type, sharedAt: Number(res.headers.get(SHARED_AT_HEADER)) || 0, file: new File([blob], name, { type }) });
  }
  // A cache lists its entries in the order they were put: a stable sort keeps shares of the same millisecond in that
  // order (a tie broken by the key, which holds a random batch id, put them in a random order).
  return found.sort((a, b) => a.sharedAt - b.sharedAt);
}

/** Forgets one shared file (uploaded, or discarded by the user). */
export async function removeSharedFile(key: string): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(SHARED_FILES_CACHE);
  await cache.delete(key);
}

/** Keeps files as the service worker does (tests, and a page that receives files without the worker). */
export async function keepSharedFiles(files: readonly File[], now = Date.now()): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(SHARED_FILES_CACHE);
  const batch = `${now}-${Math.random().toString(16).slice(2)}`;
  for (const [i, file] of files.entries()) {
    await cache.put(
      `${SHARED_FILE_PREFIX}${batch}/${i}`,
      new Response(file, { headers: { 'content-type': file.type || 'application/octet-stream', [NAME_HEADER]: encodeURIComponent(file.name), [SHARED_AT_HEADER]: String(now) } }),
    );
  }
}

function safeDecode(v: string | null): string {
  if (!v) return '';
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
