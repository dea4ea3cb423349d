import { PHOTO_MAX_PIXELS, PHOTO_THUMBNAIL_EDGE } from '@fieldbook/contract';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { childGate, ChildFailed, imageSize, ProcessingStopped, runInChild, type ChildEntry, type ChildLimits } from '../../platform/untrusted';
import { photoKindOf } from './photo-kind';
import { photos } from './photos.schema';
import type { ThumbnailReply, ThumbnailRequest } from './thumbnail';

type Row = typeof photos.$inferSelect;

/** What making one thumbnail may cost: the child's time, heap and resident memory, and the pixels it decodes. */
export type ThumbnailLimits = ChildLimits & { maxPixels: number };

/** A 60-megapixel image decodes to 240 MB of RGBA in native memory (outside the heap); the rest is the child itself. */
export const THUMBNAIL_LIMITS: ThumbnailLimits = { timeoutMs: 60_000, heapMb: 128, memoryMb: 1024, maxPixels: PHOTO_MAX_PIXELS };
/** How much of the original the header is read from (a JPEG's frame header follows its EXIF, at most 64 KB). */
const HEADER_BYTES = 256 * 1024;
const MAX_ATTEMPTS = 3;
const n = (value: number) => value.toLocaleString('en-US');

/** The child: dist/photo-thumbnail.js in a build (apps/server/build.mjs), else thumbnail-child.ts through tsx. */
const THUMBNAIL_CHILD: ChildEntry = { built: 'photo-thumbnail.js', source: new URL('./thumbnail-child.ts', import.meta.url) };
/** Two decodes at once per process: each child may take up to its memory limit. */
const gate = childGate({ running: 2, waiting: 1000, busyMessage: 'Too many thumbnails are being made right now' });

export const THUMBNAIL_STOPPED = {
  pixels: (width: number, height: number, limits: Pick<ThumbnailLimits, 'maxPixels'>) =>
    `No thumbnail: the image is ${n(width)} × ${n(height)} pixels; photos up to ${Math.round(limits.maxPixels / 1_000_000)} megapixels get one`,
  givenUp: (attempts: number) => `No thumbnail: ${attempts} attempts to read this image ended without a result`,
};

export type PhotoJobDeps = { db: Db; blobs: BlobStore; limits?: Partial<ThumbnailLimits> };

async function readBlob(blobs: BlobStore, key: string, range?: { start: number; end: number }): Promise<Buffer> {
  const blob = await blobs.get(key, range);
  if (!blob) throw new Error('The stored photo is missing');
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photos' thumbnail job (platform/jobs.ts): a row in 'processing' is due work. The image's size is read from its
 * header here first — over the pixel limit it fails at once with the reason, nothing decoded —, then the original is
 * streamed to a child with limits (thumbnail-child.ts) that answers an upright JPEG of PHOTO_THUMBNAIL_EDGE on its long
 * edge; it is stored beside the original and the row becomes 'ready' with the displayed size. An image that breaks a
 * limit, does not decode or kills the child fails at once (the same file would again): 'failed' with the reason.
 */
export function photoThumbnailJob(deps: PhotoJobDeps) {
  const { db, blobs } = deps;
  const limits = { ...THUMBNAIL_LIMITS, ...deps.limits };

  async function work(row: Row): Promise<void> {
    const kind = photoKindOf(row.contentType);
    if (!kind) throw new ProcessingStopped(`No thumbnail: ${row.contentType} is not an image the server reads`);
    const head = await readBlob(blobs, row.storageKey, { start: 0, end: HEADER_BYTES - 1 });
    const size = imageSize(kind, head);
    if (size && size.width * size.height > limits.maxPixels) throw new ProcessingStopped(THUMBNAIL_STOPPED.pixels(size.width, size.height, limits));
    const request: ThumbnailRequest = { kind, orientation: row.orientation, edge: PHOTO_THUMBNAIL_EDGE, maxPixels: limits.maxPixels, quality: 82 };
    const stored = await blobs.get(row.storageKey);
    if (!stored) throw new Error('The stored photo is missing');
    let reply: ThumbnailReply;
    try {
      ({ reply } = await gate(() => runInChild<ThumbnailReply>({ entry: THUMBNAIL_CHILD, request, input: stored.body, limits })));
    } catch (err) {
      // The image's fault (it does not decode, or the child died on it): the same file fails the same way again.
      if (err instanceof ChildFailed) throw new ProcessingStopped(`No thumbnail: ${err.message}`);
      throw err;
    }
    const key = `${row.storageKey}.thumb.jpg`;
    await blobs.put(key, Readable.from([Buffer.from(reply.jpeg, 'base64')]), { contentType: 'image/jpeg' });
    const [done] = await db
      .update(photos)
      .set({ status: 'ready', thumbnailKey: key, width: reply.source.width, height: reply.source.height, processingError: null, lockedUntil: null })
      .where(and(eq(photos.id, row.id), eq(photos.status, 'processing')))
      .returning({ id: photos.id });
    // Deleted meanwhile: its thumbnail goes too.
    if (!done) await blobs.delete(key);
  }

  return defineJob<Row>({
    name: 'photo-thumbnails',
    queue: {
      table: photos,
      key: photos.id,
      pending: eq(photos.status, 'processing'),
      dueAt: photos.nextAttemptAt,
      lockedUntil: photos.lockedUntil,
      attempts: photos.attempts,
      failed: eq(photos.status, 'failed'),
      // One crew's 300 photos do not keep another workspace's one waiting.
      fairBy: photos.workspaceId,
    },
    leaseMs: 5 * 60_000,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: (attempts) => 15_000 * 2 ** attempts,
    intervalMs: 1000,
    describe: (row) => `thumbnail of photo ${row.id}`,
    work,
    // A limit reached, or an image that does not decode, is met again by the same file: no retries.
    isFinal: (err) => err instanceof ProcessingStopped,
    reason: (err) => {
      const message = err instanceof Error ? err.message : String(err);
      return message.startsWith('No thumbnail') ? message : `No thumbnail: ${message}`;
    },
    onRetry: (_row, reason) => ({ processingError: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', processingError: reason }),
    givenUpReason: THUMBNAIL_STOPPED.givenUp,
  });
}

/** The thumbnail job on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startPhotoThumbnails(opts: PhotoJobDeps & { intervalMs?: number; log?: JobLog }) {
  return startJob(opts.db, photoThumbnailJob(opts), { intervalMs: opts.intervalMs, log: opts.log });
}
