import { PHOTO_REPORT_MAX_PHOTOS, PHOTO_SELECTION_NOT_ON_JOB, PHOTO_SELECTION_TOO_MANY, PHOTO_STAGE_EMPTY, type PhotoStage } from '@fieldbook/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { photos } from './photos.schema';

/**
 * The photos a report or a gallery is made of: the chosen ids — every one a stored photo of this job of this
 * workspace, else 400 and nothing is made (another job's or workspace's photo is never taken in) — or every photo of a
 * stage on the job, oldest taken first, at most PHOTO_REPORT_MAX_PHOTOS.
 */
export async function resolvePhotoSelection(opts: { db: Db; workspaceId: string; jobId: string; selection: { photo_ids?: string[] | undefined; stage?: PhotoStage | undefined } }): Promise<string[]> {
  const { db, workspaceId, jobId, selection } = opts;
  const onJob = [eq(photos.workspaceId, workspaceId), eq(photos.jobId, jobId), ne(photos.status, 'uploading')];
  if (selection.photo_ids) {
    const ids = selection.photo_ids;
    const found = await db.select({ id: photos.id }).from(photos).where(and(...onJob, inArray(photos.id, ids)));
    if (found.length !== ids.length) throw fieldError('photo_ids', PHOTO_SELECTION_NOT_ON_JOB);
    return ids;
  }
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(...onJob, eq(photos.stage, selection.stage!)))
    .orderBy(asc(photos.takenAt), asc(photos.id))
    .limit(PHOTO_REPORT_MAX_PHOTOS + 1);
  if (rows.length === 0) throw fieldError('stage', PHOTO_STAGE_EMPTY);
  if (rows.length > PHOTO_REPORT_MAX_PHOTOS) throw fieldError('stage', PHOTO_SELECTION_TOO_MANY);
  return rows.map((r) => r.id);
}
