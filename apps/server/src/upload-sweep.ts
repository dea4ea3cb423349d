import type { Db } from './db/client';
import { sweepDocumentUploads } from './features/documents';
import { sweepPhotoUploads } from './features/photos';
import { sweepRecordingUploads } from './features/recordings';
import { sweepWorkRequestPhotoUploads } from './features/work-requests';
import type { BlobStore } from './platform/blob-store';
import { sweepResumableUploads } from './platform/uploads';

const HOUR_MS = 60 * 60_000;

/**
 * Uploads a crash cut off: document, recording and photo rows left 'uploading' (with their blobs) and the partial files in
 * the folder store's incoming folder; and resumable uploads past their expiry (Upload-Expires, a day after their last
 * bytes) with their parts — unexpired ones are kept across restarts, so they resume.
 *
 * Another process may be in the middle of an upload on a shared database, so by default only what is an hour old
 * goes. When no other process can use the database (`exclusive`: PGlite behind its data-dir lock), everything from
 * before this process started is a crash's leftover and goes at once: at start, nothing waits an hour.
 */
export async function sweepPartialUploads(opts: {
  db: Db;
  blobs: BlobStore;
  folder: { sweepIncoming: (olderThanMs: number) => Promise<number> };
  exclusive: boolean;
  startedAt: Date;
  now?: Date;
}): Promise<{ documents: number; recordings: number; photos: number; requestPhotos: number; files: number; resumable: number }> {
  const now = opts.now ?? new Date();
  const sinceStart = now.getTime() - opts.startedAt.getTime();
  const olderThanMs = opts.exclusive && sinceStart < HOUR_MS ? Math.max(0, sinceStart) : undefined;
  const [documents, recordings, photos, requestPhotos, files, resumable] = await Promise.all([
    sweepDocumentUploads(opts.db, opts.blobs, { now, olderThanMs }),
    sweepRecordingUploads(opts.db, opts.blobs, { now, olderThanMs }),
    sweepPhotoUploads(opts.db, opts.blobs, { now, olderThanMs }),
    sweepWorkRequestPhotoUploads(opts.db, opts.blobs, { now, olderThanMs }),
    opts.folder.sweepIncoming(olderThanMs ?? HOUR_MS),
    sweepResumableUploads(opts.db, opts.blobs, { now }),
  ]);
  return { documents, recordings, photos, requestPhotos, files, resumable };
}
