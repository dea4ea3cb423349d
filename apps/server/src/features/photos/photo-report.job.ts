import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { storeGeneratedPdf } from '../documents';
import { findJobRecord } from '../jobs';
import { profileDisplayNames } from '../profiles';
import { workspaceName, workspaceTimeZone } from '../workspaces';
import { markedImageKey, renderedPhotoKeys } from './markup.service';
import { photoReportText, writePhotoReportPdf, type ReportPhoto } from './photo-report.pdf';
import { photoReports } from './photo-report.schema';
import { jobLabel } from './photo-report.service';
import { photos } from './photos.schema';

type Row = typeof photoReports.$inferSelect;
const MAX_ATTEMPTS = 5;

class ReportStopped extends Error {}

async function readBlob(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photo report job (platform/jobs.ts; the photo_reports row is the job): writes the PDF of the row's photos and
 * stores it as a document on the job under the report's id (documents' storeGeneratedPdf: copied to Drive, sent like
 * any document; a retry finds the stored one). Pictures are the photos' stored thumbnails — JPEGs the bounded thumbnail
 * child wrote (thumbnail-child.ts); for a photo with markup, its rendering's thumbnail (markup-job.ts) — read one at a time while the PDF is drawn: nothing untrusted is decoded in this
 * process, and memory follows one thumbnail plus the PDF (at most PHOTO_REPORT_MAX_PHOTOS photos). A photo whose
 * thumbnail is still being made defers the report (retried with backoff) until the last attempt, which prints it
 * without its picture; a photo deleted meanwhile is left out.
 */
export function photoReportJob(deps: { db: Db; blobs: BlobStore; now?: () => Date }) {
  const { db, blobs } = deps;

  async function work(row: Row): Promise<void> {
    const job = await findJobRecord(db, { workspaceId: row.workspaceId, jobId: row.jobId });
    if (!job) throw new ReportStopped('The job is gone');
    const rows = await db
      .select()
      .from(photos)
      .where(and(eq(photos.workspaceId, row.workspaceId), eq(photos.jobId, row.jobId), inArray(photos.id, row.photoIds), ne(photos.status, 'uploading')));
    if (rows.length === 0) throw new ReportStopped('None of the chosen photos is on the job any more');
    const waiting = rows.filter((r) => r.status === 'processing').length;
    if (waiting > 0 && row.attempts < MAX_ATTEMPTS) throw new Error(`Waiting for ${waiting} photo thumbnail${waiting === 1 ? '' : 's'}`);
    // Markup (markup.service): a photo whose current markup is drawn prints as marked up — its rendering's thumbnail.
    const marked = await renderedPhotoKeys(db, row.workspaceId, rows.map((r) => r.id));
    const pictureKey = async (r: (typeof rows)[number]) => (marked.has(r.id) ? ((await markedImageKey(db, 'marked_thumbnail', r.id)) ?? r.thumbnailKey) : r.thumbnailKey);
    const names = await profileDisplayNames(db, [...new Set([...rows.flatMap((r) => (r.authorId ? [r.authorId] : [])), ...(row.createdBy ? [row.createdBy] : [])])]);
    const list: ReportPhoto[] = rows.map((r) => ({
      id: r.id,
      stage: r.stage,
      caption: r.caption,
      takenAt: r.takenAt,
      takenAtSource: r.takenAtSource,
      latitude: r.latitude,
      longitude: r.longitude,
      author: r.authorId ? (names.get(r.authorId) ?? null) : null,
      tags: r.tags,
      isMarked: marked.has(r.id),
      image: async () => {
        const key = await pictureKey(r);
        return key ? readBlob(blobs, key) : null;
      },
      missing: r.thumbnailKey ? null : (r.processingError ?? 'The picture was not ready'),
    }));
    const facts = {
      title: row.title,
      company: await workspaceName(db, row.workspaceId),
      preparedBy: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt,
      timeZone: await workspaceTimeZone(db, row.workspaceId),
      job: { title: jobLabel(job), clientName: job.clientName, propertyAddress: job.propertyAddress, claimNumber: job.claimNumber },
      photos: list,
    };
    const pdf = await writePhotoReportPdf(facts);
    const name = `${row.title}.pdf`.replace(/[\\/:*?"<>|]/g, '-');
    const documentId = await storeGeneratedPdf(
      { db, blobs, now: deps.now?.() ?? new Date() },
      { id: row.id, workspaceId: row.workspaceId, jobId: row.jobId, createdBy: row.createdBy, name, documentType: 'photo_report', pdf, text: photoReportText(facts), metadata: { photo_report_id: row.id, photo_count: list.length } },
    );
    await db.update(photoReports).set({ status: 'done', documentId, error: null, lockedUntil: null }).where(eq(photoReports.id, row.id));
  }

  return defineJob<Row>({
    name: 'photo-reports',
    queue: {
      table: photoReports,
      key: photoReports.id,
      pending: eq(photoReports.status, 'pending'),
      dueAt: photoReports.nextAttemptAt,
      lockedUntil: photoReports.lockedUntil,
      attempts: photoReports.attempts,
      failed: eq(photoReports.status, 'failed'),
      fairBy: photoReports.workspaceId,
    },
    leaseMs: 10 * 60_000,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: (attempts) => 10_000 * 2 ** attempts,
    intervalMs: 2000,
    describe: (row) => `photo report ${row.id}`,
    work,
    isFinal: (err) => err instanceof ReportStopped,
    onRetry: (_row, reason) => ({ error: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', error: reason }),
    givenUpReason: (attempts) => `Photo report stopped: ${attempts} attempts ended without a result`,
  });
}

/** The job on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startPhotoReports(opts: { db: Db; blobs: BlobStore; log?: JobLog }) {
  return startJob(opts.db, photoReportJob(opts), { log: opts.log });
}
