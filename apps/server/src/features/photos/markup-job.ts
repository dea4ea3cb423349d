import { MARKUP_RENDER_EDGE, PHOTO_THUMBNAIL_EDGE } from '@fieldbook/contract';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { childGate, ChildFailed, imageSize, ProcessingStopped, runInChild, type ChildEntry } from '../../platform/untrusted';
import { markupInputHead, type MarkupRenderReply, type MarkupRenderRequest } from './markup-render';
import { photoMarkups } from './markup.schema';
import { photoKindOf } from './photo-kind';
import { photos } from './photos.schema';
import { THUMBNAIL_LIMITS, THUMBNAIL_STOPPED, type ThumbnailLimits } from './thumbnails';

type Row = typeof photoMarkups.$inferSelect;

/** The same child program as the thumbnails (thumbnail-child.ts), asked for a markup rendering. */
const PHOTO_CHILD: ChildEntry = { built: 'photo-thumbnail.js', source: new URL('./thumbnail-child.ts', import.meta.url) };
/** One rendering at a time per process, beside the thumbnails' two: each child may take up to its memory limit. */
const gate = childGate({ running: 1, waiting: 1000, busyMessage: 'Too many marked-up photos are being drawn right now' });
const HEADER_BYTES = 256 * 1024;
const STOPPED = 'No marked-up image';

export type MarkupJobDeps = { db: Db; blobs: BlobStore; limits?: Partial<ThumbnailLimits> };

/**
 * The markup render job (platform/jobs.ts): a photo_markups row in 'rendering' is due work. The photo's original is
 * read the way its thumbnail is — the pixel limit checked on its header here, then decoded in a child with the
 * thumbnails' limits (thumbnail-child.ts) —, the markup drawn over it (markup-draw.ts, the contract's geometry), and
 * the JPEG (MARKUP_RENDER_EDGE on its long edge) and its thumbnail stored beside the original, under keys of the
 * version drawn. A save meanwhile wins: the rendering of the older version is dropped and the newer one is drawn next.
 */
export function photoMarkupJob(deps: MarkupJobDeps) {
  const { db, blobs } = deps;
  const limits = { ...THUMBNAIL_LIMITS, ...deps.limits };

  async function work(row: Row): Promise<void> {
    const [photo] = await db.select().from(photos).where(eq(photos.id, row.photoId));
    if (!photo) return; // deleted meanwhile: its markup row went with it
    const kind = photoKindOf(photo.contentType);
    if (!kind) throw new ProcessingStopped(`${STOPPED}: ${photo.contentType} is not an image the server reads`);
    const head = await blobs.get(photo.storageKey, { start: 0, end: HEADER_BYTES - 1 });
    if (!head) throw new Error('The stored photo is missing');
    const chunks: Buffer[] = [];
    for await (const chunk of head.body) chunks.push(chunk as Buffer);
    const size = imageSize(kind, Buffer.concat(chunks));
    if (size && size.width * size.height > limits.maxPixels) throw new ProcessingStopped(THUMBNAIL_STOPPED.pixels(size.width, size.height, limits).replace('No thumbnail', STOPPED));
    const stored = await blobs.get(photo.storageKey);
    if (!stored) throw new Error('The stored photo is missing');
    const request: MarkupRenderRequest = { op: 'markup', kind, orientation: photo.orientation, edge: MARKUP_RENDER_EDGE, thumbnailEdge: PHOTO_THUMBNAIL_EDGE, maxPixels: limits.maxPixels, quality: 85 };
    const input = Readable.from(
      (async function* () {
        yield markupInputHead(row.shapes);
        yield* stored.body;
      })(),
    );
    let reply: MarkupRenderReply;
    try {
      ({ reply } = await gate(() => runInChild<MarkupRenderReply>({ entry: PHOTO_CHILD, request, input, limits })));
    } catch (err) {
      if (err instanceof ChildFailed) throw new ProcessingStopped(`${STOPPED}: ${err.message}`);
      throw err;
    }
    const key = `${photo.storageKey}.markup-${row.version}.jpg`;
    const thumbnailKey = `${photo.storageKey}.markup-${row.version}.thumb.jpg`;
    await blobs.put(key, Readable.from([Buffer.from(reply.jpeg, 'base64')]), { contentType: 'image/jpeg' });
    await blobs.put(thumbnailKey, Readable.from([Buffer.from(reply.thumbnail, 'base64')]), { contentType: 'image/jpeg' });
    const [done] = await db
      .update(photoMarkups)
      .set({ renderStatus: 'ready', renderError: null, blobKey: key, thumbnailKey, renderedVersion: row.version, lockedUntil: null })
      .where(and(eq(photoMarkups.photoId, row.photoId), eq(photoMarkups.version, row.version), eq(photoMarkups.renderStatus, 'rendering')))
      .returning({ photoId: photoMarkups.photoId });
    if (!done) {
      // Saved again, cleared or deleted meanwhile: this rendering is of shapes no longer there.
      await blobs.delete(key);
      await blobs.delete(thumbnailKey);
      return;
    }
    for (const old of [row.blobKey, row.thumbnailKey]) if (old && old !== key && old !== thumbnailKey) await blobs.delete(old);
  }

  return defineJob<Row>({
    name: 'photo-markup-renders',
    queue: {
      table: photoMarkups,
      key: photoMarkups.photoId,
      pending: eq(photoMarkups.renderStatus, 'rendering'),
      dueAt: photoMarkups.nextAttemptAt,
      lockedUntil: photoMarkups.lockedUntil,
      attempts: photoMarkups.attempts,
      failed: eq(photoMarkups.renderStatus, 'failed'),
      fairBy: photoMarkups.workspaceId,
    },
    leaseMs: 5 * 60_000,
    maxAttempts: 3,
    backoffMs: (attempts) => 15_000 * 2 ** attempts,
    intervalMs: 1000,
    describe: (row) => `markup rendering of photo ${row.photoId} (version ${row.version})`,
    work,
    // A limit reached, or an image that does not decode, is met again by the same file: no retries.
    isFinal: (err) => err instanceof ProcessingStopped,
    reason: (err) => {
      const message = err instanceof Error ? err.message : String(err);
      return message.startsWith(STOPPED) ? message : `${STOPPED}: ${message}`;
    },
    // Only the version claimed: a save since then queued its own rendering, which this attempt's outcome must not touch.
    stillClaimed: (row) => eq(photoMarkups.version, row.version),
    onRetry: (_row, reason) => ({ renderError: reason }),
    onGiveUp: (_row, reason) => ({ renderStatus: 'failed', renderError: reason }),
    givenUpReason: (attempts) => `${STOPPED}: ${attempts} attempts to draw it ended without a result`,
  });
}

/** The render job on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startPhotoMarkupRenders(opts: MarkupJobDeps & { intervalMs?: number; log?: JobLog }) {
  return startJob(opts.db, photoMarkupJob(opts), { intervalMs: opts.intervalMs, log: opts.log });
}
