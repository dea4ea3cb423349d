import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { photoKindOf } from './photo-kind';
import { finishStoredPhoto } from './photos.service';
import { photos } from './photos.schema';
import type { PhotoStage } from '@fieldbook/contract';

/**
 * Photos another feature brings to a job (issue 36: the photos a client sent with a work request, when the office
 * makes the request a job). The upload's own lifecycle, in two steps: `reserveJobPhotos` writes the rows ('uploading',
 * their blob keys fixed) inside the caller's transaction — with the job, so a job is never made without them —, then
 * `storeReservedPhoto` writes each blob and finishes it as an upload is finished (EXIF, size, 'processing' for the
 * thumbnail job). The ids are the caller's: reserving again adds nothing, and storing again completes only a row still
 * 'uploading' (a photo deleted from the job since stays deleted). A row a crash left 'uploading' is never listed and is
 * removed with its blob by the upload sweep, like any upload cut off. Only the kinds the photo upload accepts.
 */
export type ReservedPhoto = { id: string; workspaceId: string; jobId: string; authorId: string | null; contentType: string; stage: PhotoStage; tags: string[]; uploadedAt: Date };

/** The rows, 'uploading', in the caller's transaction; a content type the photos do not accept is left out. */
export async function reserveJobPhotos(tx: Db | Tx, rows: readonly ReservedPhoto[]): Promise<void> {
  const accepted = rows.filter((r) => photoKindOf(r.contentType) !== null);
  if (accepted.length === 0) return;
  await tx
    .insert(photos)
    .values(
      accepted.map((r) => ({
        id: r.id,
        workspaceId: r.workspaceId,
        jobId: r.jobId,
        authorId: r.authorId,
        status: 'uploading' as const,
        storageKey: `photos/${r.workspaceId}/${r.id}`,
        contentType: r.contentType,
        takenAt: r.uploadedAt,
        stage: r.stage,
        tags: r.tags,
      })),
    )
    .onConflictDoNothing({ target: photos.id });
}

/**
 * The blob of a reserved photo from `open()` (the caller's stored file), then its finish. Answers 'stored' when the
 * photo is on the job (now or before), 'gone' when there is no such row (never reserved, deleted since) or `open`
 * found no file; a failure removes the row and whatever blob was written, and is thrown.
 */
export async function storeReservedPhoto(
  deps: { db: Db; blobs: BlobStore; now: Date },
  photo: { id: string; open: () => Promise<Readable | null> },
): Promise<'stored' | 'gone'> {
  const { db, blobs } = deps;
  const [row] = await db.select({ status: photos.status, storageKey: photos.storageKey, contentType: photos.contentType, workspaceId: photos.workspaceId, takenAt: photos.takenAt }).from(photos).where(eq(photos.id, photo.id)).limit(1);
  if (!row) return 'gone';
  if (row.status !== 'uploading') return 'stored';
  const kind = photoKindOf(row.contentType);
  // Removes the row only while it is still 'uploading' (another call that finished it meanwhile wins), then the blob.
  const discard = async () => {
    const [gone] = await db
      .delete(photos)
      .where(and(eq(photos.id, photo.id), eq(photos.status, 'uploading')))
      .returning({ id: photos.id });
    if (gone) await blobs.delete(row.storageKey);
  };
  try {
    const body = kind ? await photo.open() : null;
    if (!kind || !body) {
      await discard();
      return 'gone';
    }
    const { size } = await blobs.put(row.storageKey, body, { contentType: row.contentType });
    await finishStoredPhoto(deps, { id: photo.id, storageKey: row.storageKey, kind, size, workspaceId: row.workspaceId, uploadedAt: row.takenAt });
    return 'stored';
  } catch (err) {
    await discard();
    throw err;
  }
}
