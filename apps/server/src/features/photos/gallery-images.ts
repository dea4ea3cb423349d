import { PHOTO_GALLERY_LARGE_EDGE } from '@fieldbook/contract';
import { Readable } from 'node:stream';
import type { BlobStore } from '../../platform/blob-store';
import { AppError } from '../../platform/errors';
import { ChildFailed, childGate, imageSize, ProcessingStopped, runInChild, type ChildEntry } from '../../platform/untrusted';
import { photoKindOf } from './photo-kind';
import type { photos } from './photos.schema';
import type { ThumbnailReply, ThumbnailRequest } from './thumbnail';
import { THUMBNAIL_LIMITS } from './thumbnails';

type Row = typeof photos.$inferSelect;

/** The thumbnail child (thumbnail-child.ts, bundled as dist/photo-thumbnail.js): it scales to any edge. */
const RENDITION_CHILD: ChildEntry = { built: 'photo-thumbnail.js', source: new URL('./thumbnail-child.ts', import.meta.url) };
/** One large copy made at a time per process, a few waiting: a client's page opened by many cannot pile up children. */
const gate = childGate({ running: 1, waiting: 20, busyMessage: 'The gallery is busy preparing photos; try again in a moment' });
const HEADER_BYTES = 256 * 1024;

/** Where a photo's large shared copy is kept: beside the original, like the thumbnail. */
export const largeCopyKey = (storageKey: string) => `${storageKey}.large.jpg`;

/** The keys of the shared copies of a photo (removed with it). */
export const galleryCopyKeys = (workspaceId: string, photoId: string) => [largeCopyKey(`photos/${workspaceId}/${photoId}`)];

export const NO_LARGE_IMAGE = 'This photo has no image to show';

async function readHead(blobs: BlobStore, key: string): Promise<Buffer> {
  const blob = await blobs.get(key, { start: 0, end: HEADER_BYTES - 1 });
  if (!blob) throw new AppError('NOT_FOUND', NO_LARGE_IMAGE);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The blob key of a photo's large copy for a shared gallery: a JPEG re-encoded by the bounded thumbnail child from the
 * original (at most PHOTO_GALLERY_LARGE_EDGE on its long edge, upright, and — as everything canvas encodes — without
 * EXIF, so no GPS, camera or time leaves with it). Made on its first request and kept; the original's bytes are never
 * sent to a client. A photo the thumbnail job could not read (over the pixel limit, undecodable) has none: 404.
 */
export async function largeCopyOf(blobs: BlobStore, row: Row): Promise<string> {
  const key = largeCopyKey(row.storageKey);
  if ((await blobs.size(key)) !== null) return key;
  const kind = photoKindOf(row.contentType);
  if (row.status !== 'ready' || !kind) throw new AppError('NOT_FOUND', NO_LARGE_IMAGE);
  const size = imageSize(kind, await readHead(blobs, row.storageKey));
  if (!size || size.width * size.height > THUMBNAIL_LIMITS.maxPixels) throw new AppError('NOT_FOUND', NO_LARGE_IMAGE);
  const request: ThumbnailRequest = { kind, orientation: row.orientation, edge: PHOTO_GALLERY_LARGE_EDGE, maxPixels: THUMBNAIL_LIMITS.maxPixels, quality: 85 };
  let reply: ThumbnailReply;
  try {
    ({ reply } = await gate(async () => {
      const stored = await blobs.get(row.storageKey);
      if (!stored) throw new AppError('NOT_FOUND', NO_LARGE_IMAGE);
      return runInChild<ThumbnailReply>({ entry: RENDITION_CHILD, request, input: stored.body, limits: THUMBNAIL_LIMITS });
    }));
  } catch (err) {
    if (err instanceof ChildFailed || err instanceof ProcessingStopped) throw new AppError('NOT_FOUND', NO_LARGE_IMAGE);
    throw err;
  }
  await blobs.put(key, Readable.from([Buffer.from(reply.jpeg, 'base64')]), { contentType: 'image/jpeg' });
  return key;
}
