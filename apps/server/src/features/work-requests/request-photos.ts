import { WORK_REQUEST_MAX_PHOTOS, WORK_REQUEST_NOT_FOUND, WORK_REQUEST_PHOTO_UNSUPPORTED, WORK_REQUEST_PHOTOS_FULL, type WorkRequestPhoto } from '@fieldbook/contract';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, Tx } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { AppError } from '../../platform/errors';
import { readLink, signLink } from '../../platform/signed-link';
import type { TokenSigner } from '../../platform/tokens';
import { sweepUploads, type FileKinds, type UploadSteps } from '../../platform/uploads';
import { reserveJobPhotos, storeReservedPhoto, type ReservedPhoto } from '../photos';
import { workRequestPhotos, workRequests } from './work-requests.schema';

/**
 * A request's photos go through the one upload path (platform/uploads): recognised by their first bytes, row → blob
 * → finish, at most WORK_REQUEST_MAX_PHOTOS per request. They are never decoded on the server (no thumbnails): the
 * office's browser shows the original, served with the type its bytes were recognised as.
 */
export const REQUEST_PHOTO_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Kind = keyof typeof REQUEST_PHOTO_TYPES;

export const requestPhotoKinds: FileKinds<Kind> = {
  headBytes: 4100,
  recognise: async (head) => {
    const ext = (await fileTypeFromBuffer(head))?.ext;
    return ext === 'jpg' || ext === 'png' || ext === 'webp' ? ext : null;
  },
  types: REQUEST_PHOTO_TYPES,
  unsupported: WORK_REQUEST_PHOTO_UNSUPPORTED,
};

/** How long after sending a request its photos may follow (the form uploads them right after the answer). */
const PHOTO_TOKEN_TTL_SECONDS = 60 * 60;
const UPLOAD_PURPOSE = 'work-request-photos';
/** An office member's <img src> for a photo (no session on an image request): an hour. */
const IMAGE_PURPOSE = 'work-request-image';
const IMAGE_TTL_SECONDS = 60 * 60;

export const photoUploadToken = (signer: TokenSigner, requestId: string, now: Date) => signLink(signer, UPLOAD_PURPOSE, requestId, PHOTO_TOKEN_TTL_SECONDS, now).token;

/** The request a photo token was given for; 404 for a forged, expired or unknown one. */
export async function requestOfPhotoToken(db: Db, signer: TokenSigner, token: string, now: Date): Promise<{ id: string; workspaceId: string }> {
  const id = readLink(signer, UPLOAD_PURPOSE, token, now);
  if (id === null || id === 'expired') throw new AppError('NOT_FOUND', WORK_REQUEST_NOT_FOUND);
  const [row] = await db.select({ id: workRequests.id, workspaceId: workRequests.workspaceId }).from(workRequests).where(eq(workRequests.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', WORK_REQUEST_NOT_FOUND);
  return row;
}

/**
 * The upload's steps for one request: the row only while the request has room (counted under the request's lock). A
 * photo that arrives after the office made the request a job goes on the job too: its finish takes the request's lock
 * as "Create job" does, so either the job's making finds it ready or the finish finds the job.
 */
export function requestPhotoSteps(deps: { db: Db; blobs: BlobStore; now: () => Date }, requestId: string): UploadSteps<Kind, { id: string }> {
  const { db } = deps;
  return {
    createRow: ({ id, workspaceId, storageKey, file }) =>
      db.transaction(async (tx) => {
        await tx.select({ id: workRequests.id }).from(workRequests).where(eq(workRequests.id, requestId)).for('update');
        const [had] = await tx.select({ n: count() }).from(workRequestPhotos).where(eq(workRequestPhotos.requestId, requestId));
        if ((had?.n ?? 0) >= WORK_REQUEST_MAX_PHOTOS) throw new AppError('CONFLICT', WORK_REQUEST_PHOTOS_FULL);
        await tx.insert(workRequestPhotos).values({ id, workspaceId, requestId, storageKey, contentType: file.contentType, status: 'uploading' });
      }),
    finish: async (stored) => {
      const { row, request } = await db.transaction(async (tx) => {
        const [request] = await tx
          .select({ workspaceId: workRequests.workspaceId, jobId: workRequests.jobId, decidedBy: workRequests.decidedBy })
          .from(workRequests)
          .where(eq(workRequests.id, requestId))
          .for('update');
        const [row] = await tx
          .update(workRequestPhotos)
          .set({ status: 'ready', byteSize: stored.size })
          .where(and(eq(workRequestPhotos.id, stored.id), eq(workRequestPhotos.status, 'uploading')))
          .returning();
        if (row && request?.jobId) await reserveJobPhotos(tx, jobPhotoReservations([row], { jobId: request.jobId, authorId: request.decidedBy }));
        return { row, request };
      });
      if (!row) throw new AppError('CONFLICT', 'The upload was cut off; send the photo again');
      if (request?.jobId) await storeOnJob({ db, blobs: deps.blobs, now: deps.now() }, [row]);
      return { id: row.id };
    },
  };
}

type PhotoRow = typeof workRequestPhotos.$inferSelect;

/** A request's photos that finished uploading, oldest first (a transaction's reads, too). */
export function readyRequestPhotos(db: Db | Tx, requestId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(workRequestPhotos)
    .where(and(eq(workRequestPhotos.requestId, requestId), ne(workRequestPhotos.status, 'uploading')))
    .orderBy(asc(workRequestPhotos.createdAt), asc(workRequestPhotos.id));
}

/**
 * A request's photos as the job's (issue 36): the photos feature's rows under the request photos' own ids (so each
 * goes on the job once), stage Before — what the client saw before any work —, tagged 'work request', by the member
 * who made the job, taken when the client sent it unless its EXIF says when.
 */
export function jobPhotoReservations(rows: readonly PhotoRow[], job: { jobId: string; authorId: string | null }): ReservedPhoto[] {
  return rows.map((r) => ({ id: r.id, workspaceId: r.workspaceId, jobId: job.jobId, authorId: job.authorId, contentType: r.contentType, stage: 'before', tags: ['work request'], uploadedAt: r.createdAt }));
}

/**
 * Each reserved photo's file — a copy of the request's original, which the request keeps — through the photos
 * feature's finish; answers how many of `rows` are on the job. A photo deleted from the job since stays deleted.
 */
export async function storeOnJob(deps: { db: Db; blobs: BlobStore; now: Date }, rows: readonly PhotoRow[]): Promise<number> {
  let stored = 0;
  for (const r of rows) {
    const result = await storeReservedPhoto(deps, { id: r.id, open: async () => (await deps.blobs.get(r.storageKey))?.body ?? null });
    if (result === 'stored') stored++;
  }
  return stored;
}

/** The ready photos of requests (by id), oldest first, with their signed image links. */
export async function photosOf(db: Db, signer: TokenSigner, requestIds: string[], now: Date): Promise<Map<string, WorkRequestPhoto[]>> {
  const out = new Map<string, WorkRequestPhoto[]>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .select()
    .from(workRequestPhotos)
    .where(and(inArray(workRequestPhotos.requestId, requestIds), ne(workRequestPhotos.status, 'uploading')))
    .orderBy(asc(workRequestPhotos.createdAt), asc(workRequestPhotos.id));
  for (const r of rows) {
    const url = `/api/work-request-images/${signLink(signer, IMAGE_PURPOSE, r.id, IMAGE_TTL_SECONDS, now).token}`;
    out.set(r.requestId, [...(out.get(r.requestId) ?? []), { id: r.id, content_type: r.contentType, byte_size: r.byteSize, url }]);
  }
  return out;
}

/** The photo an image link opens (its signature is the grant), or a 404 / 410. */
export async function photoOfImageLink(db: Db, signer: TokenSigner, token: string, now: Date) {
  const id = readLink(signer, IMAGE_PURPOSE, token, now);
  if (id === null) throw new AppError('NOT_FOUND', 'Photo not found');
  if (id === 'expired') throw new AppError('GONE', 'This photo link has expired; reload the request');
  const [row] = await db
    .select()
    .from(workRequestPhotos)
    .where(and(eq(workRequestPhotos.id, id), ne(workRequestPhotos.status, 'uploading')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Photo not found');
  return row;
}

/** Photos a crash left 'uploading' (upload-sweep.ts). */
export function sweepWorkRequestPhotoUploads(db: Db, blobs: BlobStore, opts: { now?: Date; olderThanMs?: number | undefined } = {}): Promise<number> {
  return sweepUploads(db, blobs, workRequestPhotos, opts);
}
