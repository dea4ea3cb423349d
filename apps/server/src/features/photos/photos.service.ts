import {
  PHOTO_DELETE_FORBIDDEN,
  PHOTO_NOT_FOUND,
  UploadPhotoFieldsSchema,
  type Photo,
  type PhotoList,
  type ListWorkspacePhotosQuerySchema,
  type UpdatePhotoBodySchema,
} from '@fieldbook/contract';
import { and, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { WorkspaceActor } from '../../platform/endpoint';
import type { BlobStore } from '../../platform/blob-store';
import { AppError, fieldError } from '../../platform/errors';
import { ABANDONED_UPLOAD_MS, discardUpload, sweepUploads, type UploadSteps } from '../../platform/uploads';
import { imageSize } from '../../platform/untrusted';
import { assertJobInWorkspace } from '../jobs';
import { profileDisplayNames } from '../profiles';
import { workspaceAdminIds, workspaceTimeZone } from '../workspaces';
import { EXIF_HEAD_BYTES, readPhotoExif } from './exif';
import type { PhotoKind } from './photo-kind';
import type { PhotoImageLinks } from './image-links';
import { deleteMarkupBlobs, photoMarkupsOf } from './markup.service';
import { photos } from './photos.schema';
import { isQuarterTurn } from './thumbnail';

type Row = typeof photos.$inferSelect;
type ListQuery = z.output<typeof ListWorkspacePhotosQuerySchema>;

/** What reading photos needs: the database and the signer of their image URLs. */
type Reader = { db: Db; links: PhotoImageLinks };

/** Rows → the contract's shape, the authors' names read once for the whole page. */
async function toPhotos({ db, links }: Reader, rows: Row[]): Promise<Photo[]> {
  const names = await profileDisplayNames(db, [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))]);
  const markups = await photoMarkupsOf(db, links, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    job_id: r.jobId,
    author: { id: r.authorId, name: r.authorId ? (names.get(r.authorId) ?? null) : null },
    content_type: r.contentType,
    byte_size: r.byteSize,
    width: r.width,
    height: r.height,
    taken_at: r.takenAt.toISOString(),
    taken_at_source: r.takenAtSource,
    latitude: r.latitude,
    longitude: r.longitude,
    stage: r.stage,
    caption: r.caption,
    tags: r.tags,
    status: r.status === 'uploading' ? 'processing' : r.status,
    processing_error: r.processingError,
    has_thumbnail: r.thumbnailKey !== null,
    ...links({ id: r.id, hasThumbnail: r.thumbnailKey !== null }),
    markup: markups.get(r.id) ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

/** A stored photo by id alone, for its signed image links (the link is the grant); null when none (deleted, uploading). */
export async function findPhotoForLink(db: Db, id: string): Promise<Row | null> {
  const [row] = await db.select().from(photos).where(and(eq(photos.id, id), ne(photos.status, 'uploading')));
  return row ?? null;
}

/** The caller's workspace's photo (never one still uploading); another workspace's is a 404. */
export async function getPhotoRow(opts: { db: Db; actor: WorkspaceActor; id: string }): Promise<Row> {
  const [row] = await opts.db
    .select()
    .from(photos)
    .where(and(eq(photos.id, opts.id), eq(photos.workspaceId, opts.actor.workspaceId), ne(photos.status, 'uploading')));
  if (!row) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
  return row;
}

export async function getPhoto(opts: Reader & { actor: WorkspaceActor; id: string }): Promise<Photo> {
  const [photo] = await toPhotos(opts, [await getPhotoRow(opts)]);
  return photo!;
}

/** The keyset cursor: the last row's (taken_at, id), opaque to the client. */
const encodeCursor = (row: Row) => Buffer.from(`${row.takenAt.toISOString()}|${row.id}`).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function decodeCursor(cursor: string): { takenAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const takenAt = new Date(time ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(takenAt.getTime())) throw fieldError('cursor', 'cursor is not one this list gave');
  return { takenAt, id };
}

/**
 * A page of the caller's workspace's photos (one job's, or all), newest taken first, keyset on (taken_at, id) so a
 * photo added meanwhile never repeats or skips a row; filters stage, taken_at in [from, to), author.
 */
export async function listPhotos(opts: Reader & { actor: WorkspaceActor; query: ListQuery; jobId?: string }): Promise<PhotoList> {
  const { db, actor, query } = opts;
  const jobId = opts.jobId ?? query.job_id;
  if (opts.jobId) await assertJobInWorkspace({ db, workspaceId: actor.workspaceId, jobId: opts.jobId });
  const where: (SQL | undefined)[] = [eq(photos.workspaceId, actor.workspaceId), ne(photos.status, 'uploading')];
  if (jobId) where.push(eq(photos.jobId, jobId));
  if (query.stage) where.push(eq(photos.stage, query.stage));
  if (query.author_id) where.push(eq(photos.authorId, query.author_id));
  if (query.from) where.push(gte(photos.takenAt, new Date(query.from)));
  if (query.to) where.push(lt(photos.takenAt, new Date(query.to)));
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.push(sql`(${photos.takenAt}, ${photos.id}) < (${after.takenAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(photos)
    .where(and(...where))
    .orderBy(desc(photos.takenAt), desc(photos.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { photos: await toPhotos(opts, page), next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null };
}

/** Any member of the workspace may caption, stage and tag its photos. */
export async function updatePhoto(opts: Reader & { actor: WorkspaceActor; id: string; body: z.output<typeof UpdatePhotoBodySchema> }): Promise<Photo> {
  const row = await getPhotoRow(opts);
  const { caption, stage, tags } = opts.body;
  await opts.db
    .update(photos)
    .set({ ...(caption !== undefined ? { caption } : {}), ...(stage !== undefined ? { stage } : {}), ...(tags !== undefined ? { tags } : {}) })
    .where(and(eq(photos.id, row.id), eq(photos.workspaceId, opts.actor.workspaceId)));
  return getPhoto(opts);
}

/** Its author or a workspace admin deletes a photo: the row, then the original and the thumbnail. */
export async function deletePhoto(opts: { db: Db; blobs: BlobStore; actor: WorkspaceActor; id: string }): Promise<void> {
  const row = await getPhotoRow(opts);
  if (row.authorId !== opts.actor.userId && !(await workspaceAdminIds(opts.db, row.workspaceId)).includes(opts.actor.userId)) {
    throw new AppError('FORBIDDEN', PHOTO_DELETE_FORBIDDEN);
  }
  await deleteMarkupBlobs(opts.db, opts.blobs, row.id);
  await discardUpload(opts.db, opts.blobs, photos, row);
  if (row.thumbnailKey) await opts.blobs.delete(row.thumbnailKey);
}

async function readHead(blobs: BlobStore, key: string, bytes: number): Promise<Buffer> {
  const blob = await blobs.get(key, { start: 0, end: bytes - 1 });
  if (!blob) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photo upload's steps on the one upload path (platform/uploads). The fields come before the file: the job must
 * be the caller's workspace's, and an upload_key already stored by this user answers that photo (the repeated bytes
 * are never stored). When the bytes are stored, the EXIF in the file's first EXIF_HEAD_BYTES gives the time taken,
 * the place and the orientation, the header the size; the row becomes 'processing' and waits for its thumbnail.
 */
export function photoUploadSteps(opts: Reader & { blobs: BlobStore; actor: WorkspaceActor; now: () => Date }): UploadSteps<PhotoKind, Photo> {
  const { db, blobs, actor, links } = opts;
  let fields: z.output<typeof UploadPhotoFieldsSchema> | null = null;
  return {
    beforeFile: async (raw) => {
      const parsed = UploadPhotoFieldsSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw fieldError(String(issue.path[0] ?? 'file'), issue.message);
      }
      fields = parsed.data;
      await assertJobInWorkspace({ db, workspaceId: actor.workspaceId, jobId: fields.job_id });
      if (!fields.upload_key) return;
      const [previous] = await db
        .select({ id: photos.id, status: photos.status, createdAt: photos.createdAt, storageKey: photos.storageKey, workspaceId: photos.workspaceId })
        .from(photos)
        .where(and(eq(photos.authorId, actor.userId), eq(photos.uploadKey, fields.upload_key)));
      if (!previous) return;
      if (previous.status !== 'uploading') {
        if (previous.workspaceId !== actor.workspaceId) throw fieldError('upload_key', 'This upload_key was used in another workspace');
        return { existing: await getPhoto({ db, links, actor, id: previous.id }) };
      }
      if (opts.now().getTime() - previous.createdAt.getTime() < ABANDONED_UPLOAD_MS) throw new AppError('CONFLICT', 'This photo is still being uploaded; try again in a moment');
      await discardUpload(db, blobs, photos, previous);
    },
    createRow: async ({ id, workspaceId, storageKey, file }) => {
      if (!fields) throw fieldError('job_id', 'Send the fields before the file');
      try {
        await db.insert(photos).values({
          id,
          workspaceId,
          jobId: fields.job_id,
          authorId: actor.userId,
          uploadKey: fields.upload_key ?? null,
          status: 'uploading',
          storageKey,
          contentType: file.contentType,
          takenAt: opts.now(),
          stage: fields.stage,
          caption: fields.caption,
          tags: fields.tags,
        });
      } catch (err) {
        // Two tries of one photo at the same moment: the unique (author, upload_key) index lets one through.
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'This photo is still being uploaded; try again in a moment');
        throw err;
      }
    },
    finish: async (stored) => {
      await finishStoredPhoto({ db, blobs, now: opts.now() }, { ...stored, workspaceId: actor.workspaceId, timeZone: fields?.time_zone, uploadedAt: opts.now() });
      return getPhoto({ db, links, actor, id: stored.id });
    },
  };
}

/**
 * A stored photo's finish (the upload's, and photos.import.ts's): the EXIF in the blob's first EXIF_HEAD_BYTES gives
 * the time taken (read in `timeZone`, else the workspace's; without, `uploadedAt`), the place and the orientation, the
 * header the size; the row leaves 'uploading' for 'processing' — only while it still is — and waits for its thumbnail.
 */
export async function finishStoredPhoto(
  deps: { db: Db; blobs: BlobStore; now: Date },
  stored: { id: string; storageKey: string; kind: PhotoKind; size: number; workspaceId: string; timeZone?: string | undefined; uploadedAt: Date },
): Promise<void> {
  const { db } = deps;
  const head = await readHead(deps.blobs, stored.storageKey, EXIF_HEAD_BYTES);
  const exif = await readPhotoExif(head, stored.timeZone ?? (await workspaceTimeZone(db, stored.workspaceId)));
  const size = imageSize(stored.kind, head);
  const turned = isQuarterTurn(exif.orientation);
  await db
    .update(photos)
    .set({
      status: 'processing',
      byteSize: stored.size,
      takenAt: exif.takenAt ?? stored.uploadedAt,
      takenAtSource: exif.takenAtSource ?? 'upload',
      latitude: exif.latitude,
      longitude: exif.longitude,
      orientation: exif.orientation,
      width: size ? (turned ? size.height : size.width) : null,
      height: size ? (turned ? size.width : size.height) : null,
      nextAttemptAt: deps.now,
    })
    .where(and(eq(photos.id, stored.id), eq(photos.status, 'uploading')));
}

/** Uploads a crash cut off: rows still uploading after `olderThanMs` (an hour by default), with their blobs. */
export function sweepPhotoUploads(db: Db, blobs: BlobStore, opts: { now?: Date; olderThanMs?: number | undefined } = {}): Promise<number> {
  return sweepUploads(db, blobs, photos, opts);
}

